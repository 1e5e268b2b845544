import MarbleKit

/// What a request to the phone page's server asks for: its page, style, script, icon, socket,
/// the readings' POST fallback, or nothing (404). No path names a file on disk.
enum PhonePageRoute: Equatable {
    case page, style, script, icon, socket, readings
    case notFound

    /// The route of a method and path (the query, if any, ignored; `..`, doubled slashes and
    /// escapes are simply not among the six paths).
    init(method: Method, path: String) {
        let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        switch (method, bare) {
        case (.get, "/"): self = .page
        case (.get, "/phone.css"): self = .style
        case (.get, "/phone.js"): self = .script
        case (.get, "/icon.svg"): self = .icon
        case (.get, "/socket"): self = .socket
        case (.post, "/readings"): self = .readings
        default: self = .notFound
        }
    }

    enum Method: String { case get = "GET", post = "POST", other = "another method" }

    /// How a refusal names the request: its method and, when it is one of the six, its path
    /// (a count's name, so a stranger's made-up paths cannot grow the counts).
    static func request(_ method: Method, _ route: PhonePageRoute) -> String {
        switch route {
        case .page: "\(method.rawValue) /"
        case .style: "\(method.rawValue) /phone.css"
        case .script: "\(method.rawValue) /phone.js"
        case .icon: "\(method.rawValue) /icon.svg"
        case .socket: "\(method.rawValue) /socket"
        case .readings: "\(method.rawValue) /readings"
        case .notFound: method.rawValue
        }
    }

    /// A request's path as an answer may quote it: printable ASCII, at most 100 characters.
    static func quoted(_ path: String) -> String {
        let shown = path.unicodeScalars.prefix(100).map { (0x21...0x7E).contains($0.value) ? String($0) : "?" }.joined()
        return path.unicodeScalars.count > 100 ? shown + "…" : shown
    }

    /// The body and content type of a file route.
    var file: (body: [UInt8], type: String)? {
        switch self {
        case .page: (PhonePageAssets.html, "text/html; charset=utf-8")
        case .style: (PhonePageAssets.style, "text/css; charset=utf-8")
        case .script: (PhonePageAssets.script, "text/javascript; charset=utf-8")
        case .icon: (PhonePageAssets.icon, "image/svg+xml")
        default: nil
        }
    }

    /// Headers every answer carries: the page runs only its own script and style, is never cached
    /// (a new marble serves a new page), and tells no other site where it came from.
    static let headers: [(String, String)] = [
        ("content-security-policy:", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
        ("cache-control:", "no-store"),
        ("x-content-type-options:", "nosniff"),
        ("referrer-policy:", "no-referrer"),
    ]
}
