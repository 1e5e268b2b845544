/// A handed-in drawing's short code: six characters a child can read out and a teacher type.
///
/// The alphabet leaves out look-alikes (0 and O, 1, I and L, 5 and S, 2 and Z, 8 and B, U and V):
/// 23 characters, 6 of them give about 148 million codes, so two hand-ins of one class meet
/// by chance about once in tens of thousands of classes' lifetimes; a clash on the server is
/// still caught (a file is never written over) and the hand-in gets a new code.
public struct DrawingCode: Hashable, Sendable, CustomStringConvertible {
    public static let alphabet = Array("34679ACDEFGHJKMNPQRTWXY".utf8)
    public static let length = 6

    public let text: String

    /// A code read from what someone typed: case and spaces or dashes between do not matter;
    /// nil when it is not six characters of the alphabet.
    public init?(_ typed: String) {
        var out: [UInt8] = []
        for b in typed.uppercased().utf8 where b != UInt8(ascii: " ") && b != UInt8(ascii: "-") {
            guard Self.alphabet.contains(b) else { return nil }
            out.append(b)
        }
        guard out.count == Self.length else { return nil }
        text = String(decoding: out, as: UTF8.self)
    }

    /// A new random code.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> DrawingCode {
        var out: [UInt8] = []
        for _ in 0..<length { out.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]) }
        return DrawingCode(letters: out)
    }

    private init(letters: [UInt8]) { text = String(decoding: letters, as: UTF8.self) }

    /// A new random code from the system's generator.
    public static func random() -> DrawingCode {
        var g = SystemRandomNumberGenerator()
        return random(using: &g)
    }

    public var description: String { text }
}
