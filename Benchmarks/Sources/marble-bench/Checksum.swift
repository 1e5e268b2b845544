/// A 64-bit FNV-1a-style hash of a picture, so no timed work can be optimised away.
enum Checksum {
    /// Hashes `rows` rows of `rowBytes` bytes, `stride` bytes apart, 32-bit word by word.
    static func of(_ bytes: UnsafeRawBufferPointer, rows: Int, rowBytes: Int, stride: Int) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        guard let base = bytes.baseAddress else { return h }
        for y in 0..<rows {
            let row = base + y * stride
            for x in Swift.stride(from: 0, to: rowBytes - 3, by: 4) {
                h = (h ^ UInt64(row.loadUnaligned(fromByteOffset: x, as: UInt32.self))) &* 0x100_0000_01B3
            }
        }
        return h
    }

    /// Hashes a packed picture (no row padding).
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        of(bytes, rows: 1, rowBytes: bytes.count, stride: bytes.count)
    }
}
