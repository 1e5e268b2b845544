import Foundation
import MarbleKit
import MarbleTestSupport
import Testing

/// `marble record --motion` against a DSU server of the tests' own on 127.0.0.1.
@Suite("marble record")
struct RecordCommandTests {
    /// A report of the device with its right side down by `roll` radians and turning clockwise
    /// at `yawRate` deg/s, stamped 10 ms apart.
    static func report(_ i: Int, roll: Double, yawRate: Float = 0) -> DSUPadData {
        DSUPadData(packetNumber: UInt32(i), timestampUS: 5_000_000 + UInt64(i) * 10_000,
                   accelerometer: (Float(Foundation.sin(roll)), -Float(Foundation.cos(roll)), 0), gyro: (0, yawRate, 0))
    }

    @Test("The log follows the server: one row per report, t by its timestamps, tilt and heading tracked; junk ignored")
    func followsTheServer() throws {
        let dir = try TempFolder("record")
        let server = try DSUTestServer()
        server.stream(every: 0.01) { i in
            // Every fifth tick a broken datagram; the rest: right side down 0.3 rad, turning 90°/s.
            if i % 5 == 4 {
                var bad = DSU.padDataDatagram(Self.report(i, roll: 1.2), senderID: 1)
                bad[9] ^= 0x55
                return .raw(bad)
            }
            return .report(Self.report(i, roll: 0.3, yawRate: 90))
        }
        defer { server.stop() }
        let out = try MarbleProcess.run(["record", "--motion", "\(server.address)", "--seconds", "1.5", "-o", dir.path("phone.csv")])
        #expect(out.status == 0, "\(out.stderr)")
        let log = try MarbleLog.read(contentsOf: dir.path("phone.csv"), io: .system).log
        #expect(log.metadataValue("source") == "DSU \(server.address.withPort) slot 0")
        #expect(log.marbles[0].count > 80, "\(log.marbles[0].count) rows")
        #expect(log.marbles[0].first?.t == 0)
        // Four good reports in five, 10 ms a tick: t steps by 10 ms (20 ms across a broken one).
        for (a, b) in zip(log.marbles[0], log.marbles[0].dropFirst()) {
            let dt = b.t - a.t
            #expect(abs(dt - 0.01) < 1e-9 || abs(dt - 0.02) < 1e-9, "t \(a.t) → \(b.t)")
        }
        let last = try #require(log.marbles[0].last)
        #expect(abs(last.tilt.x - Foundation.sin(0.3)) < 1e-3, "tilt \(last.tilt)")
        #expect(abs(last.tilt.y) < 1e-6)
        // Clockwise at 90°/s from 0.
        let expected = (last.t * 90).truncatingRemainder(dividingBy: 360)
        #expect(abs(last.heading - expected) < 1.5, "heading \(last.heading) after \(last.t) s, expected \(expected)")
        #expect(out.stderr.contains("ignored") && out.stderr.contains("CRC-32"), "\(out.stderr)")
    }

    @Test("No answer within 5 s: exit 69 naming the address; a malformed address: exit 64")
    func noAnswer() throws {
        let dir = try TempFolder("record")
        let silent = try DSUTestServer()
        let out = try MarbleProcess.run(["record", "--motion", "\(silent.address)", "--seconds", "2", "-o", dir.path("x.csv")])
        #expect(out.status == 69)
        #expect(out.stderr.contains("no answer from \(silent.address.withPort)"), "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.csv")))
        #expect(silent.hear() && silent.requests >= 5 && silent.requests <= 7, "\(silent.requests) requests in 5 s")
        #expect(silent.otherDatagrams == 0)
        let bad = try MarbleProcess.run(["record", "--motion", "300.1.1.1", "--seconds", "2", "-o", dir.path("x.csv")])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("0 to 255"), "\(bad.stderr)")
    }

    @Test("Ctrl+C keeps what came")
    func interruptKeeps() throws {
        let dir = try TempFolder("record")
        let server = try DSUTestServer()
        server.stream(every: 0.01) { .report(Self.report($0, roll: 0.1)) }
        defer { server.stop() }
        let p = Process()
        p.executableURL = MarbleProcess.binary
        p.arguments = ["record", "--motion", "\(server.address)", "--seconds", "60", "-o", dir.path("cut.csv")]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        Thread.sleep(forTimeInterval: 1.0)
        p.interrupt()
        p.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 130, "\(stderr)")
        let log = try MarbleLog.read(contentsOf: dir.path("cut.csv"), io: .system).log
        #expect(log.marbles[0].count > 30)
        #expect(stderr.contains("SIGINT"), "\(stderr)")
    }
}
