// The one folder in the package that picks a C library (each of its files opens with this
// block). Everything else reaches the system through `POSIX`, so a new platform is one more
// branch here, not a hunt through the store.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("MarbleKit needs a POSIX C library: Glibc, Musl or Darwin")
#endif

/// UDP over IPv4: what the DSU client (and the tests' servers) need, and nothing more.
extension POSIX {
    /// An IPv4 address and port.
    package struct Endpoint: Hashable, Sendable {
        package var octets: [UInt8]
        package var port: UInt16
        package init(octets: [UInt8], port: UInt16) {
            self.octets = octets
            self.port = port
        }
    }

    /// A non-blocking, close-on-exec UDP socket: a descriptor, or -1.
    package static func udpSocket() -> Int32 {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_DGRAM, 0)
        if fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return fd
        #else
        return socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
    }

    /// connect(2) for UDP: sends go there, and the kernel delivers only its datagrams.
    package static func connect(_ fd: Int32, to e: Endpoint) -> Int32 {
        var a = address(e)
        return withUnsafePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { cConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// bind(2); port 0 lets the system pick one (read it with `localEndpoint`).
    package static func bind(_ fd: Int32, to e: Endpoint) -> Int32 {
        var a = address(e)
        return withUnsafePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { cBind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// getsockname(2): where the socket is bound.
    package static func localEndpoint(_ fd: Int32) -> Endpoint? {
        var a = sockaddr_in()
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let r = withUnsafeMutablePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
        }
        return r == 0 ? endpoint(a) : nil
    }

    /// send(2) on a connected socket: bytes sent, or -1.
    package static func send(_ fd: Int32, _ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { cSend(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// sendto(2): bytes sent, or -1.
    package static func send(_ fd: Int32, _ bytes: [UInt8], to e: Endpoint) -> Int {
        var a = address(e)
        return bytes.withUnsafeBytes { b in
            withUnsafePointer(to: &a) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(fd, b.baseAddress, b.count, Int32(MSG_NOSIGNAL), $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }

    /// recvfrom(2) without waiting: the byte count and the sender, or nil (nothing waiting,
    /// or an error, with `Errno.current` set). A datagram longer than the buffer is cut.
    package static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> (count: Int, from: Endpoint)? {
        var a = sockaddr_in()
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let n = withUnsafeMutablePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                recvfrom(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT), $0, &size)
            }
        }
        return n >= 0 ? (n, endpoint(a)) : nil
    }

    /// poll(2) for one descriptor: whether it is readable within `seconds`.
    package static func waitReadable(_ fd: Int32, seconds: Double) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ms = Int32(max(0, min(seconds, 3600)) * 1000)
        return poll(&p, 1, ms) > 0 && p.revents & Int16(POLLIN) != 0
    }

    /// Nothing is waiting on a non-blocking descriptor (`EAGAIN`/`EWOULDBLOCK`).
    package static var wouldBlock: Bool { errno == EAGAIN || errno == EWOULDBLOCK }

    private static func address(_ e: Endpoint) -> sockaddr_in {
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = e.port.bigEndian
        let o = e.octets.count == 4 ? e.octets : [0, 0, 0, 0]
        let host = UInt32(o[0]) << 24 | UInt32(o[1]) << 16 | UInt32(o[2]) << 8 | UInt32(o[3])
        a.sin_addr = in_addr(s_addr: host.bigEndian)
        return a
    }

    private static func endpoint(_ a: sockaddr_in) -> Endpoint {
        let host = UInt32(bigEndian: a.sin_addr.s_addr)
        return Endpoint(octets: [UInt8(host >> 24), UInt8((host >> 16) & 0xFF), UInt8((host >> 8) & 0xFF), UInt8(host & 0xFF)],
                        port: UInt16(bigEndian: a.sin_port))
    }
}

private func cConnect(_ fd: Int32, _ a: UnsafePointer<sockaddr>, _ n: socklen_t) -> Int32 { connect(fd, a, n) }
private func cBind(_ fd: Int32, _ a: UnsafePointer<sockaddr>, _ n: socklen_t) -> Int32 { bind(fd, a, n) }
private func cSend(_ fd: Int32, _ b: UnsafeRawPointer?, _ n: Int, _ flags: Int32) -> Int { send(fd, b, n, flags) }
