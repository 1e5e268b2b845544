/// The messages a phone's browser page sends marble, over its WebSocket or in a POST batch.
///
/// Text, one message a line, fields separated by commas, so that a reader needs no JSON
/// parser and a fuzzer can reach every branch:
///
///     hello,TOKEN                      the first message: the page's one-time pairing token
///     back,KEY                         or, after a drop: the key the server gave for its seat
///     r,T,GX,GY,GZ,RA,RB,RG,H,B        a reading: time ms, gravity m/s², rotation deg/s,
///                                      heading degrees (empty: none), buttons bitmask
///
/// A socket's text frame is one or more lines; a POST body is a batch of lines. Bad input is
/// a `PhoneMessage.Problem` naming the line, never a trap.
public enum PhoneMessage: Equatable, Sendable {
    case hello(token: String)
    /// A page coming back after a drop, with the key its welcome carried (a used token cannot
    /// take a seat again; only the page that holds the key can).
    case back(key: String)
    case reading(PhoneReading)

    /// At most this many bytes a frame or batch, and lines a batch.
    public static let maxBytes = 16 << 10
    public static let maxLines = 256

    /// Why a message was refused.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The line (1-based) of the frame or batch.
        public var line: Int
        public var why: String
        public var description: String { "line \(line): \(why)" }
    }

    /// Every message of a frame or batch, in order; the first bad line refuses the whole.
    public static func decode(_ bytes: [UInt8]) throws(Problem) -> [PhoneMessage] {
        guard bytes.count <= maxBytes else { throw Problem(line: 0, why: "\(bytes.count) bytes, more than \(maxBytes)") }
        var out: [PhoneMessage] = []
        var line = 0
        for raw in bytes.split(separator: 10, omittingEmptySubsequences: true) {
            line += 1
            guard line <= maxLines else { throw Problem(line: line, why: "more than \(maxLines) lines") }
            var text = raw
            if text.last == 13 { text = text.dropLast() }
            out.append(try decodeLine(Array(text), line: line))
        }
        return out
    }

    static func decodeLine(_ bytes: [UInt8], line: Int) throws(Problem) -> PhoneMessage {
        let fields = bytes.split(separator: 44, omittingEmptySubsequences: false)
        guard let kind = fields.first else { throw Problem(line: line, why: "empty") }
        switch Array(kind) {
        case Array("hello".utf8):
            guard fields.count == 2, PairingToken.isWellFormed(fields[1]) else {
                throw Problem(line: line, why: "hello needs one token of 22 to 64 base64url characters")
            }
            return .hello(token: String(decoding: fields[1], as: UTF8.self))
        case Array("back".utf8):
            guard fields.count == 2, PairingToken.isWellFormed(fields[1]) else {
                throw Problem(line: line, why: "back needs one key of 22 to 64 base64url characters")
            }
            return .back(key: String(decoding: fields[1], as: UTF8.self))
        case [UInt8(ascii: "r")]:
            guard fields.count == 10 else { throw Problem(line: line, why: "a reading has 10 fields, not \(fields.count)") }
            var n: [Double] = []
            for (i, f) in fields[1...7].enumerated() {
                guard let v = number(f) else { throw Problem(line: line, why: "field \(i + 2) is not a number") }
                n.append(v)
            }
            guard n[0] >= 0 else { throw Problem(line: line, why: "the time is negative") }
            guard n[1...3].allSatisfy({ abs($0) <= 200 }) else { throw Problem(line: line, why: "gravity beyond ±200 m/s²") }
            guard n[4...6].allSatisfy({ abs($0) <= 20_000 }) else { throw Problem(line: line, why: "rotation beyond ±20000 deg/s") }
            var heading: Double?
            if !fields[8].isEmpty {
                guard let h = number(fields[8]), h >= 0, h <= 360 else { throw Problem(line: line, why: "the heading is not 0 to 360") }
                heading = h
            }
            guard let b = UInt8(String(decoding: fields[9], as: UTF8.self)), b < 8 else {
                throw Problem(line: line, why: "the buttons are not 0 to 7")
            }
            return .reading(PhoneReading(time: n[0], gravity: (n[1], n[2], n[3]), rotation: (n[4], n[5], n[6]),
                                         heading: heading, buttons: PhoneButtons(rawValue: b)))
        default:
            throw Problem(line: line, why: "unknown message")
        }
    }

    /// A finite decimal number of at most 24 characters (JavaScript's `toFixed` output).
    static func number(_ field: ArraySlice<UInt8>) -> Double? {
        guard !field.isEmpty, field.count <= 24,
              field.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 46 || $0 == 43 || $0 == 101 || $0 == 69 }),
              let v = Double(String(decoding: field, as: UTF8.self)), v.isFinite else { return nil }
        return v
    }
}
