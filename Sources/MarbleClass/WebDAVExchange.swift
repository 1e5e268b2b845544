import CCurl

/// One HTTP request as the transport makes it: its method, full URL, extra headers and body.
struct WebDAVRequest {
    var method: String
    var url: String
    var headers: [String] = []
    /// What is sent (PUT's file, PROPFIND's question); nil sends nothing.
    var body: [UInt8]? = nil
    /// The most bytes of a successful answer's body that are taken; more is `.tooLarge`.
    var limit: Int = 1 << 20
}

/// What a server answered: the status, its reason, the headers (names in lower case) and the
/// body of a successful answer (an error page's body is not kept).
struct WebDAVResponse {
    var status: Int
    var reason: String
    var headers: [String: String]
    var body: [UInt8]
    /// How many bytes of the request's body libcurl sent.
    var uploaded: Int

    /// Whether the answer carries a `DAV:` header (every WebDAV server sends one to OPTIONS,
    /// and most to everything).
    var saysDAV: Bool { headers["dav"] != nil }
}

/// The state libcurl's callbacks share during one transfer, reached through their userdata
/// pointer (a C callback captures nothing).
final class WebDAVExchange {
    let upload: [UInt8]
    var sent = 0
    let limit: Int
    var overLimit = false
    var status = 0
    var reason = ""
    var headers: [String: String] = [:]
    var body: [UInt8] = []

    init(upload: [UInt8], limit: Int) {
        self.upload = upload
        self.limit = max(0, limit)
    }

    /// Whether this answer's body is kept: only a success's (an error page is dropped, so a
    /// small read limit does not turn a 404 into "too large").
    var keepsBody: Bool { status >= 200 && status < 300 }

    /// One header line; false stops the transfer (a declared size over the limit).
    func header(_ line: String) -> Bool {
        let text = line.trimmedWhitespace
        if text.hasPrefix("HTTP/") {
            // A new answer (after 100 Continue, or an authentication round): start again.
            let fields = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
            reason = fields.count > 2 ? String(fields[2]) : ""
            headers = [:]
            body = []
            return true
        }
        guard let colon = text.firstIndex(of: ":") else { return true }
        let name = text[..<colon].lowercased()
        let value = text[text.index(after: colon)...].trimmedWhitespace
        headers[name] = value
        if name == "content-length", keepsBody, let size = Int(value), size > limit {
            overLimit = true
            return false
        }
        return true
    }

    /// Body bytes; false stops the transfer (over the limit).
    func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard keepsBody else { return true }
        if body.count + bytes.count > limit {
            overLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Copies the next part of the upload into libcurl's buffer: the count copied (0 at the end).
    func give(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = min(buffer.count, upload.count - sent)
        guard n > 0 else { return 0 }
        upload.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[sent..<(sent + n)])) }
        sent += n
        return n
    }
}

extension StringProtocol {
    /// The text without spaces, tabs and line ends at either end (by Unicode scalar: Swift
    /// takes "\r\n" as one Character, which a Character test would miss alone).
    var trimmedWhitespace: String {
        let blank: Set<Unicode.Scalar> = [" ", "\t", "\r", "\n"]
        var scalars = Substring(String(self)).unicodeScalars
        while let s = scalars.first, blank.contains(s) { scalars.removeFirst() }
        while let s = scalars.last, blank.contains(s) { scalars.removeLast() }
        return String(Substring(scalars))
    }
}
