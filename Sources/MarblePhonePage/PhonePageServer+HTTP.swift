import CWebSockets
import MarbleKit

/// The server's HTTP side: the three files, the POST fallback, and everything else refused.
extension PhonePageServer {
    /// A request's headers have arrived (a socket's upgrade goes to `socketFilter` instead).
    func httpRequest(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        let c = PhonePageConnection()
        connections[wsi] = c
        var uri: UnsafeMutablePointer<CChar>?
        var uriLength: Int32 = 0
        let m = lws_http_get_uri_and_method(wsi, &uri, &uriLength)
        let path = uri.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(max(uriLength, 0))), as: UTF8.self) } ?? ""
        let method: PhonePageRoute.Method = m == Int32(LWSHUMETH_GET) ? .get : m == Int32(LWSHUMETH_POST) ? .post : .other
        guard address.acceptsHost(header(wsi, WSI_TOKEN_HOST)) else { return answer(wsi, 403, refusing: "a foreign Host") }
        // A page's own requests carry its Origin, or none (the address bar); any other is a
        // page of another site reaching in.
        if let origin = header(wsi, WSI_TOKEN_ORIGIN), !address.acceptsOrigin(origin) {
            return answer(wsi, 403, refusing: "a foreign Origin")
        }
        let route = PhonePageRoute(method: method, path: path)
        if let file = route.file { return respond(wsi, 200, type: file.type, body: Array(file.body.utf8)) }
        guard route == .readings else { return answer(wsi, 404, refusing: "an unknown path") }
        guard address.acceptsOrigin(header(wsi, WSI_TOKEN_ORIGIN)) else { return answer(wsi, 403, refusing: "a foreign Origin") }
        if let n = header(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH).flatMap(Int.init), n > PhoneMessage.maxBytes {
            dropped("oversized")
            return answer(wsi, 413, refusing: nil)
        }
        // The body follows (LWS_CALLBACK_HTTP_BODY, then its completion).
        return 0
    }

    func httpBody(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        guard let c = connections[wsi], let input else { return 0 }
        if c.postBody.count + length > PhoneMessage.maxBytes { c.postTooLarge = true } else {
            c.postBody.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
        }
        return 0
    }

    /// A POST's whole batch: a hello or back line, then readings; the answer is the reply lines.
    func httpBodyComplete(_ wsi: OpaquePointer) -> Int32 {
        guard let c = connections[wsi] else { return -1 }
        if c.postTooLarge {
            dropped("oversized")
            return answer(wsi, 413, refusing: nil)
        }
        let messages: [PhoneMessage]
        do { messages = try PhoneMessage.decode(c.postBody) } catch {
            dropped("malformed")
            return respond(wsi, 400, type: "text/plain", body: Array("\(error)\n".utf8))
        }
        switch admit(messages, on: c) {
        case .refused(let why): return respond(wsi, 403, type: "text/plain", body: Array((PhonePageReply.bye(why).line + "\n").utf8))
        case .admitted(let replies): return respond(wsi, 200, type: "text/plain", body: Array((replies.map { $0 + "\n" }.joined()).utf8) + (replies.isEmpty ? [10] : []))
        }
    }

    /// Writes the answer's body once the headers are out; the connection is then free for the
    /// next request (or closed).
    func httpWriteable(_ wsi: OpaquePointer) -> Int32 {
        guard let c = connections[wsi], let body = c.httpBody else { return 0 }
        c.httpBody = nil
        guard write(body, to: wsi, LWS_WRITE_HTTP_FINAL) else { return -1 }
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    /// A refusal: counted, and answered with its status and no more.
    func answer(_ wsi: OpaquePointer, _ status: UInt32, refusing why: String?) -> Int32 {
        if let why { refuse(why) }
        return respond(wsi, status, type: "text/plain", body: Array("\(status)\n".utf8))
    }

    /// Writes the headers now and the body when the socket can take it.
    func respond(_ wsi: OpaquePointer, _ status: UInt32, type: String, body: [UInt8]) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: Int(marble_lws_pre) + 2048)
        let ok = buffer.withUnsafeMutableBufferPointer { b -> Bool in
            let start = b.baseAddress! + Int(marble_lws_pre)
            let end = b.baseAddress! + b.count - 1
            var p: UnsafeMutablePointer<UInt8>? = start
            guard lws_add_http_common_headers(wsi, status, type, lws_filepos_t(body.count), &p, end) == 0 else { return false }
            for (name, value) in PhonePageRoute.headers {
                guard lws_add_http_header_by_name(wsi, name, value, Int32(value.utf8.count), &p, end) == 0 else { return false }
            }
            return lws_finalize_write_http_header(wsi, start, &p, end) == 0
        }
        guard ok else { return -1 }
        connections[wsi]?.httpBody = body
        lws_callback_on_writable(wsi)
        return 0
    }

    /// lws_write with the LWS_PRE bytes it needs before the data.
    func write(_ bytes: [UInt8], to wsi: OpaquePointer, _ kind: lws_write_protocol) -> Bool {
        let pre = Int(marble_lws_pre)
        var buffer = [UInt8](repeating: 0, count: pre + bytes.count)
        buffer.replaceSubrange(pre..., with: bytes)
        let n = buffer.withUnsafeMutableBufferPointer { lws_write(wsi, $0.baseAddress! + pre, bytes.count, kind) }
        return n >= 0
    }
}
