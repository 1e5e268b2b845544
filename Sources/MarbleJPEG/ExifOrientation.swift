/// The EXIF orientation of a JPEG (tag 0x0112): how its stored pixels turn to stand upright.
///
/// The values are EXIF's own, 1…8: 1 upright, 2 mirrored left to right, 3 turned half round,
/// 4 mirrored top to bottom, 5 transposed, 6 to be turned a quarter clockwise, 7 transversed,
/// 8 to be turned a quarter anticlockwise.
///
/// Read by hand rather than with libexif: it is one tag in one segment, and a small bounded
/// parser here is less to trust than a whole library (and dependency) for it.
public struct ExifOrientation: Equatable, Sendable {
    /// 1…8.
    public let value: Int

    /// The orientation `value`, or nil when it is not 1…8.
    public init?(_ value: Int) {
        guard (1...8).contains(value) else { return nil }
        self.value = value
    }

    public static let upright = ExifOrientation(1)!

    /// Whether standing it upright swaps its width and height (5…8).
    public var swapsSides: Bool { value >= 5 }

    /// The orientation in `jpeg`'s EXIF segment; upright when there is none, or anything in
    /// the way is malformed.
    ///
    /// Looks only at the segments before the first scan, at most 64 of them, and at IFD0's
    /// entries; every offset is checked against the bytes, so no input reads out of bounds.
    public static func of(jpeg bytes: [UInt8]) -> ExifOrientation {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .upright }
        var at = 2
        for _ in 0..<64 {
            // Fill bytes (0xFF) may pad a marker.
            while at + 1 < bytes.count, bytes[at] == 0xFF, bytes[at + 1] == 0xFF { at += 1 }
            guard at + 4 <= bytes.count, bytes[at] == 0xFF else { return .upright }
            let marker = bytes[at + 1]
            // Start of scan, end of image: no EXIF from here on.
            if marker == 0xDA || marker == 0xD9 { return .upright }
            // Markers without a length.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { return .upright }
            let body = (at + 4)..<(at + 2 + length)
            if marker == 0xE1, body.count >= 6, bytes[body.prefix(6)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return tiff(bytes[body.dropFirst(6)]) ?? .upright
            }
            at += 2 + length
        }
        return .upright
    }

    /// The orientation in a TIFF structure (EXIF's payload): IFD0's tag 0x0112, a SHORT.
    static func tiff(_ tiff: ArraySlice<UInt8>) -> ExifOrientation? {
        let t = Array(tiff)
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= t.count else { return nil }
            return little ? Int(t[i]) | Int(t[i + 1]) << 8 : Int(t[i]) << 8 | Int(t[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for k in 0..<count {
            let entry = ifd + 2 + 12 * k
            guard let tag = u16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type 3 is SHORT; one value, held in the entry's first two value bytes.
            guard u16(entry + 2) == 3, let n = u32(entry + 4), n >= 1, let value = u16(entry + 8) else { return nil }
            return ExifOrientation(value)
        }
        return nil
    }
}
