import Foundation
import MarbleKit

/// A DSU server of the tests' own on 127.0.0.1: it hears clients' requests and streams pad data
/// to the last client that asked, as DS4Windows does, dropping it 5 s after its last request.
///
/// `script` gives each report by its index (nil: stay silent this tick), so a test can stream a
/// marble log, go quiet and come back. Broken and foreign datagrams are sent with `sendRaw`.
public final class DSUTestServer: @unchecked Sendable {
    public let address: DSUAddress
    public let senderID: UInt32
    let fd: Int32
    let lock = NSLock()
    var client: POSIX.Endpoint?
    var lastRequest: Double?
    var stopped = false
    var thread: Thread?
    /// Requests heard, and every datagram a client sent (to check it sends nothing else).
    public private(set) var requests = 0
    public private(set) var otherDatagrams = 0
    public private(set) var sent = 0

    public init(senderID: UInt32 = 0xDEAD_BEEF) throws {
        self.senderID = senderID
        fd = POSIX.udpSocket()
        guard fd >= 0, POSIX.bind(fd, to: POSIX.Endpoint(octets: [127, 0, 0, 1], port: 0)) == 0,
              let local = POSIX.localEndpoint(fd) else {
            throw NSError(domain: "DSUTestServer", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot bind a UDP port"])
        }
        address = DSUAddress(octets: local.octets, port: local.port)
    }

    deinit {
        stop()
        POSIX.close(fd)
    }

    /// Reads the requests waiting; returns whether a client is asking (asked in the last 5 s).
    @discardableResult
    public func hear(waiting seconds: Double = 0) -> Bool {
        if seconds > 0 { _ = POSIX.waitReadable(fd, seconds: seconds) }
        var buffer = [UInt8](repeating: 0, count: 2048)
        while let got = buffer.withUnsafeMutableBytes({ POSIX.receive(fd, into: $0) }) {
            let bytes = Array(buffer[0..<got.count])
            lock.lock()
            if bytes.count >= 20, Array(bytes[0..<4]) == DSU.clientMagic, bytes[16] == 2, bytes[18] == 0x10 {
                requests += 1
                client = got.from
                lastRequest = ProcessInfo.processInfo.systemUptime
            } else {
                otherDatagrams += 1
            }
            lock.unlock()
        }
        lock.lock(); defer { lock.unlock() }
        guard let lastRequest else { return false }
        return ProcessInfo.processInfo.systemUptime - lastRequest < DSU.serverTimeout
    }

    /// Sends one report to the client, if one is asking.
    public func send(_ p: DSUPadData) {
        sendRaw(DSU.padDataDatagram(p, senderID: senderID))
    }

    /// The last client that asked.
    package var lastClient: POSIX.Endpoint? { lock.lock(); defer { lock.unlock() }; return client }

    /// Sends any bytes to the client (or to `to`), if one is asking.
    package func sendRaw(_ bytes: [UInt8], to: POSIX.Endpoint? = nil) {
        lock.lock()
        let to = to ?? client
        lock.unlock()
        guard let to else { return }
        if POSIX.send(fd, bytes, to: to) == bytes.count {
            lock.lock(); sent += 1; lock.unlock()
        }
    }

    /// Streams `script(i)` every `interval` seconds on a thread, while a client asks;
    /// `script` returning nil is a silent tick. Ends when `script` says `.end` or on `stop()`.
    public func stream(every interval: Double, _ script: @escaping @Sendable (Int) -> Tick) {
        let t = Thread { [self] in
            var i = 0
            var next = ProcessInfo.processInfo.systemUptime
            while !isStopped {
                guard hear(waiting: 0) else {
                    _ = hear(waiting: 0.01)
                    next = ProcessInfo.processInfo.systemUptime
                    continue
                }
                switch script(i) {
                case .report(let p): send(p)
                case .raw(let bytes): sendRaw(bytes)
                case .silent: break
                case .end: return
                }
                i += 1
                next += interval
                let wait = next - ProcessInfo.processInfo.systemUptime
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            }
        }
        thread = t
        t.start()
    }

    /// What one tick of a stream sends.
    public enum Tick: Sendable {
        case report(DSUPadData)
        case raw([UInt8])
        case silent
        case end
    }

    var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    public func stop() {
        lock.lock(); stopped = true; lock.unlock()
    }
}
