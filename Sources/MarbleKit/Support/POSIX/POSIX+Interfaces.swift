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

/// The machine's own network addresses (getifaddrs(3)).
extension POSIX {
    /// The IPv4 addresses of interfaces that are up and not loopback, dotted, in the system's
    /// order (for the phone page: the address a phone on the same network reaches).
    package static func lanIPv4Addresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var out: [String] = []
        var p = first
        while let entry = p {
            defer { p = entry.pointee.ifa_next }
            let flags = Int32(entry.pointee.ifa_flags)
            guard let a = entry.pointee.ifa_addr, a.pointee.sa_family == sa_family_t(AF_INET),
                  flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            let v4 = UnsafeRawPointer(a).assumingMemoryBound(to: sockaddr_in.self).pointee
            let n = UInt32(bigEndian: v4.sin_addr.s_addr)
            out.append("\(n >> 24).\(n >> 16 & 255).\(n >> 8 & 255).\(n & 255)")
        }
        return out
    }
}
