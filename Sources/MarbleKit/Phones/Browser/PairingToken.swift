/// A one-time pairing token: what the QR code's address carries after `#`, so that only the
/// page opened from the code on the screen drives a marble.
///
/// 16 random bytes (128 bits) in base64url without padding: 22 characters. Compared in time
/// that does not depend on where two tokens differ.
public struct PairingToken: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    /// A fresh token from the system's generator.
    public static func random() -> PairingToken {
        var g = SystemRandomNumberGenerator()
        return random(using: &g)
    }

    /// A fresh token from `generator`.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> PairingToken {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var bytes: [UInt8] = []
        for _ in 0..<16 { bytes.append(UInt8.random(in: 0...255, using: &generator)) }
        // base64url of 16 bytes: 128 bits in 22 characters of 6 bits (the last holds 2).
        var out: [UInt8] = []
        var acc = 0, bits = 0
        for b in bytes {
            acc = acc << 8 | Int(b)
            bits += 8
            while bits >= 6 {
                bits -= 6
                out.append(alphabet[(acc >> bits) & 63])
            }
        }
        if bits > 0 { out.append(alphabet[(acc << (6 - bits)) & 63]) }
        return PairingToken(text: String(decoding: out, as: UTF8.self))
    }

    private init(text: String) { self.text = text }

    /// Whether `bytes` could be a token: 22 to 64 base64url characters.
    public static func isWellFormed<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        (22...64).contains(bytes.count) && bytes.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 45 || $0 == 95 }
    }

    /// Whether `offered` is this token, in time independent of where they differ.
    public func matches(_ offered: String) -> Bool {
        let a = Array(text.utf8), b = Array(offered.utf8)
        var diff = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<a.count { diff |= a[i] ^ (i < b.count ? b[i] : 0) }
        return diff == 0
    }

    public var description: String { text }
}
