/// A UDP socket connected to one DSU server.
///
/// Connected, so the kernel delivers only datagrams from the server's address and port:
/// another process flooding our port costs us nothing, and nothing else can speak for the
/// server. Non-blocking: a frame reads what is waiting, up to a limit, and never waits.
public final class DSUSocket {
    public let address: DSUAddress
    let fd: Int32
    var buffer = [UInt8](repeating: 0, count: DSU.maxDatagram + 1)

    /// Why the socket could not be made.
    public struct OpenError: Error, Sendable, CustomStringConvertible {
        public let address: DSUAddress
        public let errno: POSIX.Errno
        public var description: String { "cannot reach \(address.withPort): \(errno)" }
    }

    public init(address: DSUAddress) throws(OpenError) {
        self.address = address
        fd = POSIX.udpSocket()
        guard fd >= 0 else { throw OpenError(address: address, errno: .current) }
        guard POSIX.connect(fd, to: POSIX.Endpoint(octets: address.octets, port: address.port)) == 0 else {
            let e = POSIX.Errno.current
            POSIX.close(fd)
            throw OpenError(address: address, errno: e)
        }
    }

    deinit { POSIX.close(fd) }

    /// Sends one datagram; false when the system refused it (no route, for one).
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool { POSIX.send(fd, bytes) == bytes.count }

    /// Reads the datagrams waiting, at most `limit`, handing each to `body`; returns how many.
    ///
    /// A datagram longer than `DSU.maxDatagram` is handed on empty (it is not DSU). An error
    /// (the server's port closed: `ECONNREFUSED` from an earlier request) ends the read.
    @discardableResult
    public func drain(limit: Int, _ body: (UnsafeRawBufferPointer) -> Void) -> Int {
        var n = 0
        while n < limit {
            let got = buffer.withUnsafeMutableBytes { POSIX.receive(fd, into: $0) }
            guard let got else { break }
            n += 1
            buffer.withUnsafeBytes { b in
                body(got.count > DSU.maxDatagram ? UnsafeRawBufferPointer(rebasing: b[0..<0])
                                                 : UnsafeRawBufferPointer(rebasing: b[0..<got.count]))
            }
        }
        return n
    }

    /// Waits up to `seconds` for a datagram; true when one is waiting.
    public func wait(seconds: Double) -> Bool { POSIX.waitReadable(fd, seconds: seconds) }
}
