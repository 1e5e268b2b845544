/// Where a DSU server listens: an IPv4 address and a port (26760 unless given).
///
/// Typed once by a grown-up, so only digits, dots and one colon: `192.168.1.20`,
/// `192.168.1.20:26761`. `localhost` is accepted for a server on this machine.
public struct DSUAddress: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The four parts of the IPv4 address, most significant first.
    public let octets: [UInt8]
    public let port: UInt16

    public init(octets: [UInt8], port: UInt16 = DSU.defaultPort) {
        self.octets = octets.count == 4 ? octets : [127, 0, 0, 1]
        self.port = port
    }

    /// Why an address was not understood.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String { "'\(text)' is not an address: \(reason) (write it as 192.168.1.20 or 192.168.1.20:26760)" }
    }

    /// Reads `HOST[:PORT]`, where HOST is four numbers 0–255 joined by dots (or `localhost`).
    public static func parse(_ text: String) -> Result<DSUAddress, ParseError> {
        func fail(_ reason: String) -> Result<DSUAddress, ParseError> { .failure(ParseError(text: text, reason: reason)) }
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { return fail("it is empty") }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return fail("it has more than one colon") }
        var port = DSU.defaultPort
        if parts.count == 2 {
            guard let p = UInt16(parts[1]), p > 0, parts[1].allSatisfy(\.isASCIIDigit) else {
                return fail("the port must be a number from 1 to 65535")
            }
            port = p
        }
        if parts[0] == "localhost" { return .success(DSUAddress(octets: [127, 0, 0, 1], port: port)) }
        let fields = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard fields.count == 4 else { return fail("an address has four numbers joined by dots") }
        var octets: [UInt8] = []
        for f in fields {
            guard !f.isEmpty, f.count <= 3, f.allSatisfy(\.isASCIIDigit), let v = UInt8(f) else {
                return fail("each of its four numbers must be from 0 to 255")
            }
            octets.append(v)
        }
        return .success(DSUAddress(octets: octets, port: port))
    }

    /// `a.b.c.d:port`, or `a.b.c.d` when the port is the default.
    public var description: String {
        let host = octets.map(String.init).joined(separator: ".")
        return port == DSU.defaultPort ? host : "\(host):\(port)"
    }

    /// `a.b.c.d:port`, always with the port (for messages that must name it).
    public var withPort: String { octets.map(String.init).joined(separator: ".") + ":\(port)" }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}
