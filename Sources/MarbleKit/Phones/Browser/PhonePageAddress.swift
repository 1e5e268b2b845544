/// Where the phone page is served: an IPv4 address of this machine and a TCP port.
///
/// The page's address is `https://HOST:PORT/#TOKEN`: the token after `#` never leaves the
/// phone in a request line, so no log on the way holds it; the page hands it over its socket.
public struct PhonePageAddress: Hashable, Sendable, CustomStringConvertible {
    /// The port served unless one is given.
    public static let defaultPort: UInt16 = 26780

    /// A dotted IPv4 address (what the QR code and the screen show, and the Host a phone sends).
    public var host: String
    /// The port; 0 before a server has picked one.
    public var port: UInt16

    public init(host: String, port: UInt16 = defaultPort) {
        self.host = host
        self.port = port
    }

    /// `HOST:PORT`: the Host header a phone sends.
    public var description: String { "\(host):\(port)" }

    /// The origin a page of this address sends: `https://HOST:PORT`.
    public var origin: String { "https://\(host):\(port)" }

    /// The page's address for a player's token.
    public func url(token: PairingToken) -> String { "\(origin)/#\(token.text)" }

    /// `HOST[:PORT]`, `:PORT` or empty; a missing host is nil (the caller picks the LAN's).
    /// A bad one is a message naming what is wrong.
    public static func parse(_ text: String) -> Result<(host: String?, port: UInt16), Problem> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return .failure(Problem(reason: "\"\(text)\" is not HOST[:PORT] (IPv6 is not served)")) }
        var port = defaultPort
        if parts.count == 2 {
            guard let p = UInt16(parts[1]) else { return .failure(Problem(reason: "the port \"\(parts[1])\" is not 0 to 65535")) }
            port = p
        }
        let host = String(parts[0])
        if host.isEmpty { return .success((nil, port)) }
        guard let octets = Self.octets(host) else {
            return .failure(Problem(reason: "\"\(host)\" is not an IPv4 address such as 192.168.1.20"))
        }
        return .success((octets.map(String.init).joined(separator: "."), port))
    }

    /// The four numbers of a dotted IPv4 address, or nil.
    public static func octets(_ host: String) -> [UInt8]? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let numbers = parts.compactMap { $0.count <= 3 && $0.allSatisfy(\.isASCII) ? UInt8($0) : nil }
        return numbers.count == 4 ? numbers : nil
    }

    /// The address this machine shows a phone: its first IPv4 address on an interface that is
    /// up and not loopback (Wi-Fi or Ethernet, as the system lists them); 127.0.0.1 when it has
    /// none (then only this machine's own browser reaches the page).
    public static func lanHost() -> String {
        POSIX.lanIPv4Addresses().first ?? "127.0.0.1"
    }

    /// Why an address was refused.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }
}

extension PhonePageAddress {
    /// Whether a request's Host header names this server (DNS rebinding: a page of another
    /// site that made its name resolve here sends that name, not this address).
    public func acceptsHost(_ host: String?) -> Bool {
        guard let host else { return false }
        return host == description || (port == 443 && host == self.host)
    }

    /// Whether a request's Origin header is this server's own page (cross-site WebSocket
    /// hijacking: any web page a phone opens can try a socket to a LAN address).
    public func acceptsOrigin(_ origin: String?) -> Bool {
        origin == self.origin || (port == 443 && origin == "https://\(host)")
    }
}
