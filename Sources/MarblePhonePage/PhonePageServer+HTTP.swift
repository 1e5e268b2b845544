import CWebSockets
import MarbleKit

/// The server's HTTP side: the three files, the POST fallback, and everything else refused.
extension PhonePageServer {
    /// A request's headers have arrived (a socket's upgrade goes to `socketFilter` instead).
    ///
    /// It is judged on its headers alone: Host, Origin and path must pass before anything is
    /// kept for it. Only a readings POST that passes is registered, so only its body is read;
    /// a refused request's body (sent with its headers, as no browser does) is never looked
    /// at, and its connection closes with the answer.
    func httpRequest(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        var uri: UnsafeMutablePointer<CChar>?
        var uriLength: Int32 = 0
        let m = lws_http_get_uri_and_method(wsi, &uri, &uriLength)
        let path = uri.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(max(uriLength, 0))), as: UTF8.self) } ?? ""
        let method: PhonePageRoute.Method = m == Int32(LWSHUMETH_GET) ? .get : m == Int32(LWSHUMETH_POST) ? .post : .other
        let route = PhonePageRoute(method: method, path: path)
        let request = PhonePageRoute.request(method, route)
        guard address.acceptsHost(header(wsi, WSI_TOKEN_HOST)) else { return refuse(wsi, 403, "a foreign Host", request, path) }
        // A page's own requests carry its Origin, or none (the address bar); any other is a
        // page of another site reaching in.
        let origin = header(wsi, WSI_TOKEN_ORIGIN)
        if let origin, !address.acceptsOrigin(origin) { return refuse(wsi, 403, "a foreign Origin", request, path) }
        // A file's GET has no body: one that comes with one is answered, and the connection
        // closed rather than the body read as the next request.
        let hasBody = header(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH).map { $0 != "0" } ?? false
            || lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_TRANSFER_ENCODING) > 0
        if let file = route.file { return respond(wsi, 200, type: file.type, body: file.body, then: hasBody ? .close : .whenWriteable) }
        guard route == .readings else { return refuse(wsi, 404, "an unknown path", request, path) }
        guard address.acceptsOrigin(origin) else { return refuse(wsi, 403, "a foreign Origin", request, path) }
        if let n = header(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH).flatMap(Int.init), n > PhoneMessage.maxBytes {
            dropped("oversized")
            return respond(wsi, 413, type: "text/plain", body: Array("413 more than \(PhoneMessage.maxBytes) bytes (\(request))\n".utf8), then: .close)
        }
        // Admitted: the body follows (LWS_CALLBACK_HTTP_BODY, then its completion).
        connections[wsi] = PhonePageConnection()
        return 0
    }

    /// A piece of an admitted POST's body (any other request's is not kept).
    func httpBody(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        guard let c = connections[wsi], !c.isSocket, let input else { return 0 }
        if c.postBody.count + length > PhoneMessage.maxBytes { c.postTooLarge = true } else {
            c.postBody.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
        }
        return 0
    }

    /// A POST's whole batch: a hello or back line, then readings; the answer is the reply
    /// lines. The POST's connection is let go now: its page's seat and rate are the server's.
    func httpBodyComplete(_ wsi: OpaquePointer) -> Int32 {
        // Only an admitted POST has a body read (a refused request's connection is closed).
        // A second completion of the same body is a request pipelined behind another:
        // libwebsockets 4.1 serves it from its buffer and calls this again and again, never
        // writeable, so the connection is closed (a browser never pipelines).
        guard let c = connections[wsi], !c.isSocket else { return -1 }
        connections[wsi] = nil
        if c.postTooLarge {
            dropped("oversized")
            return respond(wsi, 413, type: "text/plain", body: Array("413 more than \(PhoneMessage.maxBytes) bytes (POST /readings)\n".utf8), then: .close)
        }
        let messages: [PhoneMessage]
        do { messages = try PhoneMessage.decode(c.postBody) } catch {
            dropped("malformed")
            return respond(wsi, 400, type: "text/plain", body: Array("400 \(error) (POST /readings)\n".utf8))
        }
        switch admit(messages, on: c) {
        case .refused(let why):
            return respond(wsi, 403, type: "text/plain", body: Array((PhonePageReply.bye(why).line + "\n").utf8))
        case .admitted(let replies):
            let body = Array((replies.map { $0 + "\n" }.joined()).utf8) + (replies.isEmpty ? [10] : [])
            return respond(wsi, 200, type: "text/plain", body: body)
        }
    }

    /// Writes the answer's body once the headers are out; the connection is then free for the
    /// next request, or closed.
    func httpWriteable(_ wsi: OpaquePointer) -> Int32 {
        guard let body = answers.removeValue(forKey: wsi) else { return 0 }
        guard write(body, to: wsi, LWS_WRITE_HTTP_FINAL) else { return -1 }
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    /// A request refused on its headers: counted by why and which request, answered with its
    /// status and both (and the path it asked for), and its connection closed after.
    func refuse(_ wsi: OpaquePointer, _ status: UInt32, _ why: String, _ request: String, _ path: String) -> Int32 {
        let named = "\(why) (\(request))"
        refuse(named)
        let body = "\(status) refused: \(named): \(PhonePageRoute.quoted(path))\n"
        return respond(wsi, status, type: "text/plain", body: Array(body.utf8), then: .close)
    }

    /// What follows an answer's headers.
    enum Ending {
        /// The body when the socket can take it, then the next request.
        case whenWriteable
        /// The body now, and the connection closed: nothing more is read from it (a body sent
        /// with refused headers, or a request pipelined after it, never reaches a callback).
        case close
    }

    /// Writes the headers now, and the body as `ending` says; the callback's result.
    /// libwebsockets keeps what the socket does not take at once, and flushes it before it
    /// closes.
    func respond(_ wsi: OpaquePointer, _ status: UInt32, type: String, body: [UInt8], then ending: Ending = .whenWriteable) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: Int(marble_lws_pre) + 2048)
        let ok = buffer.withUnsafeMutableBufferPointer { b -> Bool in
            let start = b.baseAddress! + Int(marble_lws_pre)
            let end = b.baseAddress! + b.count - 1
            var p: UnsafeMutablePointer<UInt8>? = start
            guard lws_add_http_common_headers(wsi, status, type, lws_filepos_t(body.count), &p, end) == 0 else { return false }
            for (name, value) in PhonePageRoute.headers {
                guard lws_add_http_header_by_name(wsi, name, value, Int32(value.utf8.count), &p, end) == 0 else { return false }
            }
            if ending == .close {
                let close = "close"
                guard lws_add_http_header_by_name(wsi, "connection:", close, Int32(close.utf8.count), &p, end) == 0 else { return false }
            }
            return lws_finalize_write_http_header(wsi, start, &p, end) == 0
        }
        guard ok else { return -1 }
        switch ending {
        case .whenWriteable:
            answers[wsi] = body
            lws_callback_on_writable(wsi)
            return 0
        case .close:
            _ = write(body, to: wsi, LWS_WRITE_HTTP_FINAL)
            return -1
        }
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
