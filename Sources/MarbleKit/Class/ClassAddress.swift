/// Where a class folder is: a WebDAV folder on a server, or a plain folder (a mounted share).
///
/// A Nextcloud or ownCloud File drop link, `https://HOST[/PATH]/s/TOKEN`, is understood as its
/// public WebDAV endpoint `https://HOST[/PATH]/public.php/webdav/` with the token as the user
/// name: a drop takes files into one folder with no account, and its children are told apart by
/// Nextcloud's nickname header instead of a folder each.
public enum ClassAddress: Equatable, Sendable, CustomStringConvertible {
    /// A WebDAV folder: its URL (always ending in `/`), and the user name the link itself
    /// implies (a File drop's token), if any.
    case webDAV(url: String, linkUser: String?, isDrop: Bool)
    /// A plain folder, by its absolute path (no trailing `/`).
    case folder(path: String)

    /// Reads what a teacher typed: `http://…`, `https://…`, `file:///…` or an absolute path.
    public static func parse(_ text: String) throws(ClassProblem) -> ClassAddress {
        let t = text.trimmingSpaces
        guard !t.isEmpty else { throw .badAddress(text, why: "the class folder's address is empty") }
        if t.hasPrefix("/") { return .folder(path: trimSlashes(t)) }
        if t.hasPrefix("file://") {
            let path = String(t.dropFirst("file://".count))
            guard path.hasPrefix("/") else { throw .badAddress(text, why: "a file:// address needs an absolute path (file:///srv/class)") }
            return .folder(path: trimSlashes(path))
        }
        let lower = t.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw .badAddress(text, why: "the address must start with https://, http:// or / (a folder)")
        }
        let scheme = lower.hasPrefix("https://") ? "https://" : "http://"
        let rest = String(t.dropFirst(scheme.count))
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !host.isEmpty, !host.contains(" "), !host.contains("@") else {
            throw .badAddress(text, why: "the address has no server name (or carries a password: give it with --password-file)")
        }
        // The port, if written, is a number a server can listen on: `origin` compares it.
        _ = try hostAndPort(String(host), scheme: scheme, text: text)
        var path = String(rest.dropFirst(host.count))
        if path.contains("?") || path.contains("#") {
            throw .badAddress(text, why: "the address has a query or fragment; give the folder's address alone")
        }
        if path.isEmpty { path = "/" }
        // A File drop link: …/s/TOKEN (optionally …/s/TOKEN/ or …/index.php/s/TOKEN).
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if parts.count >= 2, parts[parts.count - 2] == "s", isToken(parts[parts.count - 1]) {
            var base = Array(parts.dropLast(2))
            if base.last == "index.php" { base.removeLast() }
            let prefix = base.isEmpty ? "" : "/" + base.joined(separator: "/")
            return .webDAV(url: scheme + host + prefix + "/public.php/webdav/", linkUser: parts[parts.count - 1], isDrop: true)
        }
        if !path.hasSuffix("/") { path += "/" }
        return .webDAV(url: scheme + host + path, linkUser: nil, isDrop: false)
    }

    public var description: String {
        switch self {
        case .webDAV(let url, _, _): return url
        case .folder(let path): return path
        }
    }

    /// Whether children share one folder (a File drop) instead of a folder each.
    public var isDrop: Bool {
        if case .webDAV(_, _, true) = self { return true }
        return false
    }

    /// Where a password may go: `scheme://host:port`, in lower case with the port always
    /// written (`https://cloud.example:443`); `file://` for a plain folder. A kept password is
    /// sent only to the origin it was typed for.
    public var origin: String {
        guard let (scheme, host, port) = parts else { return "file://" }
        return "\(scheme)://\(host):\(port)"
    }

    /// Whether the server is this machine itself (`localhost`, 127.0.0.0/8, `[::1]`): plain
    /// http:// to it never crosses a network.
    public var isLoopback: Bool {
        guard let (_, host, _) = parts else { return true }
        if host == "localhost" || host == "[::1]" || host == "[0:0:0:0:0:0:0:1]" { return true }
        let quad = host.split(separator: ".", omittingEmptySubsequences: false)
        return quad.count == 4 && quad[0] == "127" && quad.allSatisfy { UInt8($0) != nil }
    }

    /// Whether a password sent here would cross the network readable by anyone on it:
    /// plain http:// to a server other than this machine.
    public var isPlainHTTPOffMachine: Bool {
        guard let (scheme, _, _) = parts else { return false }
        return scheme == "http" && !isLoopback
    }

    /// The scheme, host (lower case) and port of a WebDAV address; nil for a plain folder.
    private var parts: (scheme: String, host: String, port: Int)? {
        guard case .webDAV(let url, _, _) = self, let end = url.range(of: "://") else { return nil }
        let scheme = url[..<end.lowerBound].lowercased()
        let rest = url[end.upperBound...]
        let host = rest.prefix { $0 != "/" }
        return try? Self.hostAndPort(String(host), scheme: scheme + "://", text: url)
    }

    /// `host[:port]` split, the host in lower case and the port defaulted by the scheme.
    private static func hostAndPort(_ hostPort: String, scheme: String, text: String) throws(ClassProblem) -> (scheme: String, host: String, port: Int) {
        let name = scheme.dropLast(3).lowercased()
        var host = Substring(hostPort)
        var portText: Substring?
        if host.hasPrefix("[") {
            // An IPv6 address: [::1] or [::1]:8080.
            guard let close = host.firstIndex(of: "]") else { throw .badAddress(text, why: "the server's IPv6 address has no closing ]") }
            let after = host[host.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .badAddress(text, why: "the server's name is followed by something that is not a port") }
                portText = after.dropFirst()
            }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        var port = name == "https" ? 443 : 80
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let p = Int(portText), (1...65535).contains(p) else {
                throw .badAddress(text, why: "the port after the server's name must be a number from 1 to 65535")
            }
            port = p
        }
        guard !host.isEmpty else { throw .badAddress(text, why: "the address has no server name") }
        return (name, host.lowercased(), port)
    }

    private static func isToken(_ s: String) -> Bool {
        s.count >= 6 && s.count <= 64 && s.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }
    }

    private static func trimSlashes(_ path: String) -> String {
        var p = path
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        return p
    }
}
