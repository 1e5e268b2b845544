import CWebSockets
import Foundation
import MarbleKit

/// libwebsockets' calls into the server: one C function, which finds the server through the
/// context's user pointer and hands each reason to its method.
func phonePageCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                       _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    guard let wsi, let context = lws_get_context(wsi), let user = lws_context_user(context) else { return 0 }
    let server = Unmanaged<PhonePageServer>.fromOpaque(user).takeUnretainedValue()
    return server.handle(wsi, reason, input, length)
}

extension PhonePageServer {
    static let vhostName = "marble"

    /// Makes the libwebsockets context on this thread: one vhost, TLS with the certificate from
    /// memory, plain HTTP redirected; returns the port it listens on.
    func createContext(_ address: PhonePageAddress) throws(PhonePageProblem) -> UInt16 {
        // libwebsockets' own log would print every failed handshake of a flood: the counts
        // say what was refused instead.
        lws_set_log_level(0, nil)
        func keep(_ s: String) -> UnsafeMutablePointer<CChar> {
            let p = strdup(s)!
            made.strings.append(p)
            return p
        }
        let protos = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 2)
        protos.initialize(repeating: lws_protocols(), count: 2)
        protos[0].name = UnsafePointer(keep("marble-phone"))
        protos[0].callback = phonePageCallback
        made.protocols = protos

        var info = lws_context_creation_info()
        info.port = Int32(address.port)
        info.iface = UnsafePointer(keep(address.host))
        info.vhost_name = UnsafePointer(keep(Self.vhostName))
        info.protocols = UnsafePointer(protos)
        info.options = marble_lws_option_ssl_global_init | marble_lws_option_allow_non_ssl
            | marble_lws_option_redirect_to_https | marble_lws_option_disable_ipv6
        let cert = keep(certificate.certificatePEM), key = keep(certificate.keyPEM)
        info.server_ssl_cert_mem = UnsafeRawPointer(cert)
        info.server_ssl_cert_mem_len = UInt32(certificate.certificatePEM.utf8.count)
        info.server_ssl_private_key_mem = UnsafeRawPointer(key)
        info.server_ssl_private_key_mem_len = UInt32(certificate.keyPEM.utf8.count)
        info.alpn = UnsafePointer(keep("http/1.1"))
        // A connection has 5 s for its TLS handshake and headers, and an idle one closes.
        info.timeout_secs = 5
        info.keepalive_timeout = 5
        info.fd_limit_per_thread = Self.fdLimit
        info.user = Unmanaged.passUnretained(self).toOpaque()

        guard let made = lws_create_context(&info) else {
            throw PhonePageProblem("cannot serve the phone page on \(address): the port is in use, or \(address.host) is not this machine's address")
        }
        lock.withLock { context = made }
        guard let vhost = lws_get_vhost_by_name(made, Self.vhostName) else {
            throw PhonePageProblem("cannot serve the phone page on \(address)")
        }
        return UInt16(truncatingIfNeeded: lws_get_vhost_listen_port(vhost))
    }

    /// One libwebsockets callback, by its reason.
    func handle(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        switch reason {
        case LWS_CALLBACK_FILTER_NETWORK_CONNECTION:
            guard acceptGate.admit(1, now: POSIX.monotonicSeconds()) else {
                refuse("too many connections at once")
                return 1
            }
            return 0
        case LWS_CALLBACK_HTTP:
            return httpRequest(wsi, input, length)
        case LWS_CALLBACK_HTTP_BODY:
            return httpBody(wsi, input, length)
        case LWS_CALLBACK_HTTP_BODY_COMPLETION:
            return httpBodyComplete(wsi)
        case LWS_CALLBACK_HTTP_WRITEABLE:
            return httpWriteable(wsi)
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            return socketFilter(wsi)
        case LWS_CALLBACK_ESTABLISHED:
            socketOpened(wsi)
            return 0
        case LWS_CALLBACK_RECEIVE:
            return socketReceive(wsi, input, length)
        case LWS_CALLBACK_SERVER_WRITEABLE:
            return socketWriteable(wsi)
        case LWS_CALLBACK_CLOSED, LWS_CALLBACK_CLOSED_HTTP, LWS_CALLBACK_WSI_DESTROY:
            closed(wsi)
            return 0
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            applyOffers()
            applyTells()
            return 0
        default:
            return 0
        }
    }

    /// A connection ended: a socket's page leaves its seat (it keeps it, to come back).
    func closed(_ wsi: OpaquePointer) {
        answers[wsi] = nil
        guard let c = connections.removeValue(forKey: wsi) else { return }
        if c.isSocket, let seat = c.seat, connections.values.allSatisfy({ $0.seat?.token != seat.token }) {
            post(.left(seat.token))
        }
    }

    /// The app's latest seats: pages on withdrawn ones are let go.
    func applyOffers() {
        guard let seats = lock.withLock({ () -> [PhonePageSeat]? in
            defer { shared.offers = nil }
            return shared.offers
        }) else { return }
        let withdrawn = Set(door.offer(seats))
        for t in withdrawn { pages.forget(t) }
        for (wsi, c) in connections where c.seat.map({ withdrawn.contains($0.token) }) == true {
            c.seat = nil
            if c.isSocket {
                send(PhonePageReply.bye("let go").line, on: c, wsi, thenClose: true)
            }
        }
    }

    /// Where the app seated pages: each line sent on its page's socket now, and kept for its
    /// comeback and for a POST page's next answer (a seat no longer offered is told nothing).
    func applyTells() {
        let replies = lock.withLock { () -> [PairingToken: PhonePageReply] in
            defer { shared.tells = [:] }
            return shared.tells
        }
        for (token, reply) in replies where door.offered[token] != nil {
            pages.told[token] = reply.line
            pages.unposted.insert(token)
            for (wsi, c) in connections where c.isSocket && !c.closeAfterWrite && c.seat?.token == token {
                send(reply.line, on: c, wsi, thenClose: false)
            }
        }
    }

    /// The value of a request header, if present and short.
    func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let n = lws_hdr_total_length(wsi, token)
        guard n > 0, n < 2048 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(n) + 1)
        guard lws_hdr_copy(wsi, &buffer, Int32(buffer.count), token) >= 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
