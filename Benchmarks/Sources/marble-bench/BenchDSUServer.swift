import Foundation
import MarbleKit

/// A DSU server on threads of the benchmark's own: reports at a steady rate for each pad (slot)
/// to the client that asked for it, each one's sending time kept by its packet number; and a
/// flood from another socket.
final class BenchDSUServer: @unchecked Sendable {
    let fd: Int32
    let address: DSUAddress
    /// Pads served (slots 0 ..< pads).
    let pads: Int
    let lock = NSLock()
    /// Who asked for each slot's reports.
    var clients: [UInt8: sockaddr_in] = [:]
    var sent: [UInt32: Double] = [:]
    var running = false
    var flooding = false
    var floodCount = 0
    var floodStart = 0.0
    var threads: [Thread] = []

    /// CLOCK_MONOTONIC seconds (the clock every time here is read on).
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    init(pads: Int = 1) throws {
        self.pads = min(max(pads, 1), 4)
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        self.fd = fd
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        a.sin_port = 0
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) == 0 && getsockname(fd, $0, &size) == 0 }
        }
        guard fd >= 0, ok else { throw StoreBench.Mismatch(description: "motion: cannot bind a UDP port") }
        address = DSUAddress(octets: [127, 0, 0, 1], port: UInt16(bigEndian: a.sin_port))
        var timeout = timeval(tv_sec: 0, tv_usec: 1000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Who asked for slot 0's reports.
    var client: sockaddr_in? { lock.lock(); defer { lock.unlock() }; return clients[0] }

    func sentAt(_ n: UInt32) -> Double? { lock.lock(); defer { lock.unlock() }; return sent[n] }

    /// Streams each pad's reports at `rate` to the client that asked for it (pad k: a slow
    /// circle of tilt a quarter turn on from pad k − 1's, turning); packet numbers count every
    /// report sent.
    func start(rate: Double) {
        running = true
        let t = Thread { [self] in
            var n: UInt32 = 0
            var next = Self.now()
            var buffer = [UInt8](repeating: 0, count: 256)
            while isRunning {
                // Requests: note who asks for which slot (a pad-data request's slot is its 22nd byte).
                var from = sockaddr_in()
                var size = socklen_t(MemoryLayout<sockaddr_in>.size)
                let got = withUnsafeMutablePointer(to: &from) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT), $0, &size) }
                }
                if got >= 22, Int(buffer[21]) < pads { lock.lock(); clients[buffer[21]] = from; lock.unlock() }
                lock.lock(); let asked = clients; lock.unlock()
                guard !asked.isEmpty else { usleep(1000); next = Self.now(); continue }
                let now = Self.now()
                if now < next { usleep(useconds_t(max(50, min((next - now) * 1e6, 2000)))); continue }
                for (slot, client) in asked.sorted(by: { $0.key < $1.key }) {
                    n += 1
                    var to = client
                    let phase = Double(n / UInt32(pads)) / rate + Double(slot) * .pi / 2
                    let p = DSUPadData(slot: slot, packetNumber: n, timestampUS: UInt64(Double(n / UInt32(pads)) / rate * 1e6),
                                       accelerometer: (Float(0.3 * cos(phase)), -0.95, Float(0.3 * sin(phase))), gyro: (0, 20, 0))
                    let bytes = DSU.padDataDatagram(p, senderID: 0xBE7C)
                    lock.lock(); sent[n] = Self.now(); lock.unlock()
                    _ = withUnsafePointer(to: &to) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                            sendto(fd, bytes, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                        }
                    }
                }
                next += 1 / rate
            }
        }
        threads.append(t)
        t.start()
    }

    /// Floods `client` from another socket at `rate` datagrams a second until `stopFlood`.
    func startFlood(to client: sockaddr_in, rate: Double) {
        lock.lock(); flooding = true; floodCount = 0; floodStart = Self.now(); lock.unlock()
        let t = Thread { [self] in
            let other = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
            defer { close(other) }
            var to = client
            let p = DSUPadData(packetNumber: 0, timestampUS: 1, accelerometer: (0.9, 0, 0), gyro: (900, 900, 0))
            let bytes = DSU.padDataDatagram(p, senderID: 0xF100D)
            let start = Self.now()
            var count = 0
            while isFlooding {
                // In batches of 500, paced to the rate.
                for _ in 0..<500 {
                    _ = withUnsafePointer(to: &to) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                            sendto(other, bytes, bytes.count, Int32(MSG_DONTWAIT), $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                        }
                    }
                }
                count += 500
                let due = start + Double(count) / rate
                let wait = due - Self.now()
                if wait > 0 { usleep(useconds_t(wait * 1e6)) }
            }
            lock.lock(); floodCount = count; lock.unlock()
        }
        t.start()
        floodThread = t
    }

    var floodThread: Thread?

    /// Stops the flood; how many it sent and over how long.
    func stopFlood() -> (Int, Double) {
        lock.lock(); flooding = false; let start = floodStart; lock.unlock()
        while floodThread?.isFinished == false { usleep(500) }
        lock.lock(); defer { lock.unlock() }
        return (floodCount, Self.now() - start)
    }

    var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }
    var isFlooding: Bool { lock.lock(); defer { lock.unlock() }; return flooding }

    func stop() { lock.lock(); running = false; flooding = false; lock.unlock() }
}
