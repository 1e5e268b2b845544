/// A colour of four 8-bit channels, red, green, blue and alpha, in that byte order.
public struct RGBA8: Equatable, Hashable, Sendable, Codable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The colour as one word whose bytes in memory are r, g, b, a (on little-endian machines).
    @inline(__always)
    public var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// The colour stored in a packed word.
    @inline(__always)
    public init(packed p: UInt32) {
        self.init(UInt8(truncatingIfNeeded: p), UInt8(truncatingIfNeeded: p >> 8),
                  UInt8(truncatingIfNeeded: p >> 16), UInt8(truncatingIfNeeded: p >> 24))
    }

    /// The paper the drawings are made on: a warm white.
    public static let paper = RGBA8(252, 250, 245)
}
