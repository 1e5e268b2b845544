/// Builds little-endian binary records for the store's files.
public struct ByteWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    public mutating func u8(_ v: UInt8) { bytes.append(v) }
    public mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }
    public mutating func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: v)) }
    public mutating func f32(_ v: Float) { u32(v.bitPattern) }
    /// Doubles go bit for bit: NaN payloads and signed zeros survive the round trip.
    public mutating func f64(_ v: Double) { u64(v.bitPattern) }
    public mutating func vec(_ v: Vec2) { f64(v.x); f64(v.y) }
    /// A UTF-8 string with a 32-bit length in front.
    public mutating func string(_ s: String) {
        let utf8 = Array(s.utf8)
        u32(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }
    public mutating func raw(_ b: UnsafeRawBufferPointer) { bytes.append(contentsOf: b) }
    public mutating func raw(_ b: [UInt8]) { bytes.append(contentsOf: b) }

    /// Appends `count` bytes that `fill` writes in place: for bulk data without per-value calls.
    public mutating func append(count: Int, _ fill: (UnsafeMutableRawBufferPointer) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBytes { fill(UnsafeMutableRawBufferPointer(rebasing: $0[start..<(start + count)])) }
    }

    /// Empties the writer, keeping its memory (a streamed file's next piece).
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Overwrites 4 bytes at `offset` (for lengths known only at the end).
    public mutating func patchU32(_ v: UInt32, at offset: Int) {
        withUnsafeBytes(of: v.littleEndian) { for (i, b) in $0.enumerated() { bytes[offset + i] = b } }
    }
}

/// Reads little-endian binary records, never past the end: a short read throws.
public struct ByteReader {

    let bytes: [UInt8]
    let end: Int
    public private(set) var offset: Int

    public init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.end = min(end ?? bytes.count, bytes.count)
        offset = min(start, self.end)
    }

    public var remaining: Int { end - offset }
    public var isAtEnd: Bool { offset >= end }

    mutating func take(_ n: Int) throws(DecodeError) -> Int {
        guard n >= 0, n <= end - offset else { throw DecodeError("ends early at byte \(offset)") }
        defer { offset += n }
        return offset
    }

    public mutating func u8() throws(DecodeError) -> UInt8 { bytes[try take(1)] }
    public mutating func bool() throws(DecodeError) -> Bool { try u8() != 0 }
    public mutating func u32() throws(DecodeError) -> UInt32 {
        let o = try take(4)
        return UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
    }
    public mutating func u64() throws(DecodeError) -> UInt64 {
        let lo = UInt64(try u32())
        return lo | UInt64(try u32()) << 32
    }
    public mutating func i64() throws(DecodeError) -> Int64 { Int64(bitPattern: try u64()) }
    public mutating func f32() throws(DecodeError) -> Float { Float(bitPattern: try u32()) }
    public mutating func f64() throws(DecodeError) -> Double { Double(bitPattern: try u64()) }
    public mutating func vec() throws(DecodeError) -> Vec2 { Vec2(try f64(), try f64()) }
    /// A string written by `ByteWriter.string`; invalid UTF-8 is repaired, not refused.
    public mutating func string(maxLength: Int = 4096) throws(DecodeError) -> String {
        let n = Int(try u32())
        guard n <= maxLength else { throw DecodeError("ends early at byte \(offset)") }
        let o = try take(n)
        return String(decoding: bytes[o..<(o + n)], as: UTF8.self)
    }
    /// Calls `body` with the next `n` bytes, checked once, and moves past them.
    public mutating func withRaw<R>(_ n: Int, _ body: (UnsafeRawBufferPointer) -> R) throws(DecodeError) -> R {
        let o = try take(n)
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[o..<(o + n)])) }
    }

    /// `n` raw bytes as a slice of the input.
    public mutating func raw(_ n: Int) throws(DecodeError) -> ArraySlice<UInt8> {
        let o = try take(n)
        return bytes[o..<(o + n)]
    }
    /// A count of items each at least `minItemSize` bytes: refuses counts the data cannot hold.
    public mutating func count(minItemSize: Int) throws(DecodeError) -> Int {
        let n = Int(try u32())
        guard n.multipliedReportingOverflow(by: max(minItemSize, 1)).partialValue <= remaining,
              !n.multipliedReportingOverflow(by: max(minItemSize, 1)).overflow else { throw DecodeError("ends early at byte \(offset)") }
        return n
    }
}

/// Bytes that do not decode: cut short, or a value that makes no sense.
public struct DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
