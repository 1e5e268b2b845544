import MarbleKit

extension WebDAVTransport {
    /// The URL of `parts` inside the class folder, each part percent-encoded; a folder's ends in `/`.
    func url(_ parts: [String], folder: Bool) -> String {
        let all = baseParts + parts
        let path = all.map(WebDAVPath.encode).joined(separator: "/")
        return origin + "/" + path + (folder && !all.isEmpty ? "/" : "")
    }

    /// How a path is named in a problem: the class folder's address and the path, as typed
    /// (the address never carries a password: `ClassAddress` refuses one).
    func place(_ path: String) -> String {
        let base = origin + "/" + baseParts.joined(separator: "/") + (baseParts.isEmpty ? "" : "/")
        return base + path
    }

    /// Sends one request for `parts` (a file unless `folder`).
    func send(_ method: String, _ parts: [String], folder: Bool = false, headers: [String] = [],
              body: [UInt8]? = nil, limit: Int = 1 << 20) throws(ClassProblem) -> WebDAVResponse {
        let request = WebDAVRequest(method: method, url: url(parts, folder: folder), headers: headers, body: body, limit: limit)
        return try request.send(as: login, trust: trust, at: place(parts.joined(separator: "/")))
    }

    /// PROPFIND of a folder: its 207 answer, or the problem its status says. An answer that
    /// is not a multistatus from a server that does not speak WebDAV is `.notWebDAV`.
    func propfind(_ parts: [String], depth: Int, path: String) throws(ClassProblem) -> WebDAVResponse {
        // 16 MB of listing is some ten thousand files: far more than a class hands in.
        let answer = try send("PROPFIND", parts, folder: true, headers: ["Depth: \(depth)", "Content-Type: application/xml; charset=utf-8"],
                              body: Multistatus.question, limit: 16 << 20)
        if answer.status == 207 { return answer }
        if (200..<300).contains(answer.status) { throw .notWebDAV(place(path)) }
        if (answer.status == 405 || answer.status == 501) && !answer.saysDAV { throw .notWebDAV(place(path)) }
        throw problem(answer, path)
    }

    /// The size the server has for a file, by PROPFIND (or HEAD where PROPFIND of a file is
    /// refused); 0 when it is not there; nil when the server says neither.
    func size(of parts: [String]) throws(ClassProblem) -> Int? {
        let answer = try send("PROPFIND", parts, headers: ["Depth: 0", "Content-Type: application/xml; charset=utf-8"], body: Multistatus.question)
        if answer.status == 404 { return 0 }
        if answer.status == 207, let found = Multistatus(answer.body), let size = found.items.first?.size { return size }
        let head = try send("HEAD", parts)
        if head.status == 404 { return 0 }
        guard head.status == 200 else { return nil }
        return head.headers["content-length"].flatMap { Int($0) }
    }

    /// The problem an unwanted answer means for `path`.
    func problem(_ answer: WebDAVResponse, _ path: String) -> ClassProblem {
        let at = place(path)
        switch answer.status {
        case 401: return .unauthorized(at)
        case 403: return .forbidden(at)
        case 404, 409, 410: return .notFound(at)
        case 507: return .full(at)
        case 300..<400:
            // Not followed (the password would go along); the teacher gives the new address.
            let to = answer.headers["location"].map { " to \($0)" } ?? ""
            return .server(at, status: answer.status, reason: "the folder has moved\(to)")
        default:
            return .server(at, status: answer.status, reason: answer.reason)
        }
    }
}
