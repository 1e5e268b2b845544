import CWebSockets
import MarbleKit

/// The server's WebSocket side, and what a page's messages do (a socket's or a POST's).
extension PhonePageServer {
    /// What became of a page's messages.
    enum Admission {
        case admitted(replies: [String])
        case refused(String)
    }

    /// An upgrade to a socket: only at `/socket`, from this server's own page. When the server
    /// holds as many as it may, the oldest that has not said hello makes room (a stranger's
    /// that never will, or a page's that will say it at once): a page holding a seat is
    /// never the one let go, so sockets opened and left silent cannot keep a phone out.
    func socketFilter(_ wsi: OpaquePointer) -> Int32 {
        let request = header(wsi, WSI_TOKEN_GET_URI) == "/socket" ? "GET /socket" : "GET"
        guard address.acceptsHost(header(wsi, WSI_TOKEN_HOST)) else { refuse("a foreign Host (\(request))"); return 1 }
        guard address.acceptsOrigin(header(wsi, WSI_TOKEN_ORIGIN)) else { refuse("a foreign Origin (\(request))"); return 1 }
        guard request == "GET /socket" else { refuse("an unknown path (\(request))"); return 1 }
        let open = connections.filter { $0.value.isSocket && !$0.value.closeAfterWrite }
        guard open.count >= Self.maxSockets else { return 0 }
        guard let (oldest, c) = open.filter({ $0.value.seat == nil }).min(by: { $0.value.opened < $1.value.opened }) else {
            refuse("too many sockets (GET /socket)")
            return 1
        }
        refuse("a socket silent since it opened, let go for a newer one (GET /socket)")
        send(PhonePageReply.bye("say hello first").line, on: c, oldest, thenClose: true)
        // A stranger that reads nothing is closed anyway.
        lws_set_timeout(oldest, PENDING_TIMEOUT_USER_OK, 1)
        return 0
    }

    func socketOpened(_ wsi: OpaquePointer) {
        let c = PhonePageConnection()
        c.opened = POSIX.monotonicSeconds()
        c.isSocket = true
        connections[wsi] = c
        // A page says hello at once; a socket that does not is closed.
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, 10)
    }

    /// A piece of a text message: whole messages are decoded and admitted.
    func socketReceive(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        guard let c = connections[wsi], !c.closeAfterWrite else { return 0 }
        if lws_frame_is_binary(wsi) != 0 {
            dropped("binary")
            return 0
        }
        if let input { c.incoming.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length)) }
        guard c.incoming.count <= PhoneMessage.maxBytes else {
            dropped("oversized")
            lws_close_reason(wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, nil, 0)
            return -1
        }
        guard lws_is_final_fragment(wsi) != 0, lws_remaining_packet_payload(wsi) == 0 else { return 0 }
        let bytes = c.incoming
        c.incoming.removeAll(keepingCapacity: true)
        let messages: [PhoneMessage]
        do { messages = try PhoneMessage.decode(bytes) } catch {
            dropped("malformed")
            // Before its hello a page that sends nonsense is no page of ours.
            if c.seat == nil { send(PhonePageReply.bye("say hello first").line, on: c, wsi, thenClose: true) }
            return 0
        }
        switch admit(messages, on: c, socket: wsi) {
        case .refused(let why): send(PhonePageReply.bye(why).line, on: c, wsi, thenClose: true)
        case .admitted(let replies): for r in replies { send(r, on: c, wsi, thenClose: false) }
        }
        return 0
    }

    func socketWriteable(_ wsi: OpaquePointer) -> Int32 {
        guard let c = connections[wsi] else { return 0 }
        if !c.outgoing.isEmpty {
            let line = c.outgoing.removeFirst()
            guard write(line, to: wsi, LWS_WRITE_TEXT) else { return -1 }
        }
        if !c.outgoing.isEmpty {
            lws_callback_on_writable(wsi)
        } else if c.closeAfterWrite {
            lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, nil, 0)
            return -1
        }
        return 0
    }

    func send(_ line: String, on c: PhonePageConnection, _ wsi: OpaquePointer, thenClose: Bool) {
        c.outgoing.append(Array(line.utf8))
        if thenClose { c.closeAfterWrite = true }
        lws_callback_on_writable(wsi)
    }

    /// A page's messages: the first must open a seat (a hello with an offered, unused token, or
    /// a back with the seat's key); readings then go to the app, within the page's rate. A
    /// socket that opens a seat is welcomed (again, after a drop: the page lost its socket's
    /// word) and told where the app last seated it; a POST is told once what is new.
    func admit(_ messages: [PhoneMessage], on c: PhonePageConnection, socket: OpaquePointer? = nil) -> Admission {
        var replies: [String] = []
        var readings: [PhoneReading] = []
        var greeted = false
        for m in messages {
            switch m {
            case .hello(let token):
                guard c.seat == nil else { continue }
                var random = SystemRandomNumberGenerator()
                switch door.hello(token: token, using: &random) {
                case .failure(let r): refuse(r.rawValue); return .refused(r.rawValue)
                case .success(let (seat, key)):
                    take(seat, on: c, socket: socket)
                    replies.append(PhonePageReply.welcome(key: key, seat: seat).line)
                    greeted = true
                }
            case .back(let key):
                guard c.seat == nil else { continue }
                switch door.back(key: key) {
                case .failure(let r): refuse(r.rawValue); return .refused(r.rawValue)
                case .success(let seat):
                    // A POST batch comes back every time: only a socket's return is news.
                    if socket != nil || !wasHeard(seat) { take(seat, on: c, socket: socket) } else { c.seat = seat }
                    if socket != nil, let key = door.key(of: seat.token) {
                        replies.append(PhonePageReply.welcome(key: key, seat: seat).line)
                        greeted = true
                    }
                }
            case .reading(let r):
                guard c.seat != nil else { refuse("say hello first"); return .refused("say hello first") }
                readings.append(r)
            }
        }
        if let seat = c.seat, let line = pages.told[seat.token] {
            // Where the app last seated the page: after each welcome on a socket, once to a POST.
            let due = socket != nil ? greeted : pages.unposted.remove(seat.token) != nil
            if due { replies.append(line) }
        }
        if let seat = c.seat, !readings.isEmpty {
            let now = POSIX.monotonicSeconds()
            if pages.rates[seat.token, default: PhonePageRate()].admit(readings.count, now: now) {
                for r in readings { post(.reading(seat.token, r, arrival: now)) }
            } else {
                dropped("over the rate")
            }
        }
        return .admitted(replies: replies)
    }

    /// The page on `c` holds `seat` now; a stale socket of the same page is closed.
    func take(_ seat: PhonePageSeat, on c: PhonePageConnection, socket: OpaquePointer?) {
        for (wsi, other) in connections where other !== c && other.seat?.token == seat.token {
            other.seat = nil
            if other.isSocket { send(PhonePageReply.bye("opened again").line, on: other, wsi, thenClose: true) }
        }
        c.seat = seat
        if let socket { lws_set_timeout(socket, NO_PENDING_TIMEOUT, 0) }
        pages.heard.insert(seat.token)
        post(.joined(seat.token))
    }

    func wasHeard(_ seat: PhonePageSeat) -> Bool { pages.heard.contains(seat.token) }
}
