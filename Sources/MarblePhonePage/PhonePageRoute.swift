import MarbleKit

/// What a request to the phone page's server asks for: its page, script, icon, socket, the
/// readings' POST fallback, or nothing (404). No path names a file on disk.
enum PhonePageRoute: Equatable {
    case page, script, icon, socket, readings
    case notFound

    /// The route of a method and path (the query, if any, ignored; `..`, doubled slashes and
    /// escapes are simply not among the five paths).
    init(method: Method, path: String) {
        let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        switch (method, bare) {
        case (.get, "/"): self = .page
        case (.get, "/phone.js"): self = .script
        case (.get, "/icon.svg"): self = .icon
        case (.get, "/socket"): self = .socket
        case (.post, "/readings"): self = .readings
        default: self = .notFound
        }
    }

    enum Method { case get, post, other }

    /// The body and content type of a file route.
    var file: (body: String, type: String)? {
        switch self {
        case .page: (PhonePageAssets.html, "text/html; charset=utf-8")
        case .script: (PhonePageAssets.script, "text/javascript; charset=utf-8")
        case .icon: (PhonePageAssets.icon, "image/svg+xml")
        default: nil
        }
    }

    /// Headers every answer carries: the page runs only its own script, is never cached
    /// (a new marble serves a new page), and tells no other site where it came from.
    static let headers: [(String, String)] = [
        ("content-security-policy:", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'"),
        ("cache-control:", "no-store"),
        ("x-content-type-options:", "nosniff"),
        ("referrer-policy:", "no-referrer"),
    ]
}
