import CWebSockets
import Foundation
import MarbleKit

/// The phone page's server: HTTPS with its page, style, script and icon, a WebSocket for readings,
/// and a POST fallback, on libwebsockets, on a thread of its own.
///
/// One port serves TLS, and plain HTTP there gets nothing but a redirect to HTTPS
/// (libwebsockets tells the two apart by the first byte). HTTP/1.1 only: a WebSocket over
/// HTTP/2 needs RFC 8441, which browsers and servers do not agree on widely yet.
///
/// Everything libwebsockets calls back runs on the server's thread and owns `connections` and
/// `door`; the app's calls (`offer`, `tell`, `drain`, `stop`) meet it under `lock`, and wake the
/// thread with `lws_cancel_service` when it has something to do.
public final class PhonePageServer: PhonePageServing, @unchecked Sendable {
    /// The most WebSockets open at once (four seats, each with a page coming back early).
    static let maxSockets = 16
    /// New connections a second, refilled; a flood beyond is closed before its TLS handshake,
    /// which is where a connection costs the machine its time.
    static let acceptsPerSecond = 100.0
    /// The most file descriptors the server uses (libwebsockets refuses connections past it).
    static let fdLimit: UInt32 = 256
    /// Events held for the app at most (a frame that never comes cannot fill memory).
    static let maxPending = 20_000

    public private(set) var address: PhonePageAddress
    public var fingerprint: String { certificate.fingerprint }

    let certificate: PhoneCertificate
    let lock = NSLock()
    /// Under `lock`: what the app and the thread share.
    var shared = Shared()
    /// Under `lock` too: the app's calls wake the thread through it.
    var context: OpaquePointer?
    // The server's thread's own.
    var door = PhonePageDoor()
    /// Admitted connections: sockets, and readings POSTs while their bodies come.
    var connections: [OpaquePointer: PhonePageConnection] = [:]
    /// HTTP answers' bodies waiting for the socket to take them (a file's).
    var answers: [OpaquePointer: [UInt8]] = [:]
    /// What the thread keeps of each seat's page.
    var pages = PageMemory()
    var acceptGate = PhonePageRate(perSecond: PhonePageServer.acceptsPerSecond, burst: PhonePageServer.acceptsPerSecond)
    let finished = DispatchSemaphore(value: 0)
    /// What the context is made from, freed after it.
    var made = ContextMemory()

    /// Serves `address` (port 0: a free one) with `certificate`; throws when the port cannot
    /// be had or TLS cannot start.
    public init(address: PhonePageAddress, certificate: PhoneCertificate) throws(PhonePageProblem) {
        self.certificate = certificate
        self.address = address
        // The context is made here, so that a port in use is this call's error; from then on
        // only the server's thread touches it (and lws_cancel_service, which any thread may call).
        let port: UInt16
        do { port = try createContext(address) } catch {
            releaseStrings()
            shared.stopping = true
            throw error
        }
        self.address.port = port
        let thread = Thread { [self] in serve() }
        thread.name = "phone page"
        thread.start()
    }

    deinit { stop() }

    /// Starts the page's server for the program: the certificate from `storeRoot`'s
    /// `phone-page/` folder (made when needed), through `io` (the environment's).
    public static func start(_ address: PhonePageAddress, storeRoot: String, io: FileIO) throws(PhonePageProblem) -> PhonePageServer {
        let certificate = try PhoneCertificate.load(folder: storeRoot + "/phone-page", host: address.host, io: io)
        return try PhonePageServer(address: address, certificate: certificate)
    }

    public func offer(_ seats: [PhonePageSeat]) {
        lock.withLock { shared.offers = seats }
        wake()
    }

    public func tell(_ token: PairingToken, drives seat: PhonePageSeat?) {
        lock.withLock { shared.tells[token] = .seating(seat) }
        wake()
    }

    public func drain(limit: Int) -> [PhonePageEvent] {
        lock.withLock {
            let n = min(limit, shared.pending.count)
            let out = Array(shared.pending.prefix(n))
            shared.pending.removeFirst(n)
            return out
        }
    }

    public var counts: PhonePageCounts { lock.withLock { shared.counts } }

    public func stop() {
        let wasRunning = lock.withLock { () -> Bool in
            defer { shared.stopping = true }
            return !shared.stopping
        }
        guard wasRunning else { return }
        wake()
        finished.wait()
    }

    func wake() {
        lock.withLock { if let context { lws_cancel_service(context) } }
    }

    /// The thread's loop: serve until stopped, then close every connection and the port.
    func serve() {
        while !lock.withLock({ shared.stopping }) {
            guard let context, lws_service(context, 0) >= 0 else { break }
        }
        let context = lock.withLock { () -> OpaquePointer? in
            defer { self.context = nil }
            return self.context
        }
        if let context { lws_context_destroy(context) }
        releaseStrings()
        finished.signal()
    }

    /// Frees what the context was made from (after it is destroyed, or was never made).
    func releaseStrings() { made.release() }

    /// Hands `event` to the app (the thread's side).
    func post(_ event: PhonePageEvent) {
        lock.withLock {
            if case .reading = event { shared.counts.readings += 1 }
            if shared.pending.count < Self.maxPending { shared.pending.append(event) } else { shared.counts.drop("the app did not read in time") }
        }
    }

    func refuse(_ why: String) { lock.withLock { shared.counts.refuse(why) } }
    func dropped(_ why: String) { lock.withLock { shared.counts.drop(why) } }
}
