import CWebSockets
import Foundation
import MarbleKit

/// The phone page's server: HTTPS with its page, script and icon, a WebSocket for readings,
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
    public let fingerprint: String

    let certificate: PhoneCertificate
    let lock = NSLock()
    // Under `lock`: what the app and the thread share.
    var pending: [PhonePageEvent] = []
    var offers: [PhonePageSeat]?
    /// Where the app seated each page since the thread last looked, by token: only the latest.
    var tells: [PairingToken: PhonePageReply] = [:]
    var sharedCounts = PhonePageCounts()
    var stopping = false
    var context: OpaquePointer?
    // The server's thread's own.
    var door = PhonePageDoor()
    /// Admitted connections: sockets, and readings POSTs while their bodies come.
    var connections: [OpaquePointer: PhonePageConnection] = [:]
    /// HTTP answers' bodies waiting for the socket to take them (a file's).
    var answers: [OpaquePointer: [UInt8]] = [:]
    /// Each seat's rate, whichever sockets and POSTs its page sends on (a new POST or socket
    /// starts no fresh one).
    var rates: [PairingToken: PhonePageRate] = [:]
    var acceptGate = PhonePageRate(perSecond: PhonePageServer.acceptsPerSecond, burst: PhonePageServer.acceptsPerSecond)
    /// Seats whose page has joined (a POST's back is then no news).
    var heard: Set<PairingToken> = []
    /// The latest `seat` or `wait` line the app told each seat's page: said again when it
    /// comes back on a socket.
    var told: [PairingToken: String] = [:]
    /// Seats told something no POST's answer has carried yet.
    var unposted: Set<PairingToken> = []
    var random = SystemRandomNumberGenerator()
    let finished = DispatchSemaphore(value: 0)
    var cStrings: [UnsafeMutablePointer<CChar>] = []
    var protocols: UnsafeMutablePointer<lws_protocols>?

    /// Serves `address` (port 0: a free one) with `certificate`; throws when the port cannot
    /// be had or TLS cannot start.
    public init(address: PhonePageAddress, certificate: PhoneCertificate) throws(PhonePageProblem) {
        self.certificate = certificate
        fingerprint = certificate.fingerprint
        self.address = address
        // The context is made here, so that a port in use is this call's error; from then on
        // only the server's thread touches it (and lws_cancel_service, which any thread may call).
        let port: UInt16
        do { port = try createContext(address) } catch {
            releaseStrings()
            stopping = true
            throw error
        }
        self.address.port = port
        let thread = Thread { [self] in serve() }
        thread.name = "phone page"
        thread.start()
    }

    deinit { stop() }

    /// Starts the page's server for the program: the certificate from `storeRoot`'s
    /// `phone-page/` folder (made when needed).
    public static func start(_ address: PhonePageAddress, storeRoot: String) throws(PhonePageProblem) -> PhonePageServer {
        let certificate = try PhoneCertificate.load(folder: storeRoot + "/phone-page", host: address.host)
        return try PhonePageServer(address: address, certificate: certificate)
    }

    public func offer(_ seats: [PhonePageSeat]) {
        lock.withLock { offers = seats }
        wake()
    }

    public func tell(_ token: PairingToken, drives seat: PhonePageSeat?) {
        lock.withLock { tells[token] = .seating(seat) }
        wake()
    }

    public func drain(limit: Int) -> [PhonePageEvent] {
        lock.withLock {
            let n = min(limit, pending.count)
            let out = Array(pending.prefix(n))
            pending.removeFirst(n)
            return out
        }
    }

    public var counts: PhonePageCounts { lock.withLock { sharedCounts } }

    public func stop() {
        let wasRunning = lock.withLock { () -> Bool in
            defer { stopping = true }
            return !stopping
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
        while !lock.withLock({ stopping }) {
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
    func releaseStrings() {
        for s in cStrings { free(s) }
        cStrings = []
        protocols?.deallocate()
        protocols = nil
    }

    /// Hands `event` to the app (the thread's side).
    func post(_ event: PhonePageEvent) {
        lock.withLock {
            if case .reading = event { sharedCounts.readings += 1 }
            if pending.count < Self.maxPending { pending.append(event) } else { sharedCounts.drop("the app did not read in time") }
        }
    }

    func refuse(_ why: String) { lock.withLock { sharedCounts.refuse(why) } }
    func dropped(_ why: String) { lock.withLock { sharedCounts.drop(why) } }
}
