import Foundation
import MarbleKit
import MarbleTestSupport
import Testing

/// `marble record --motion` across a phone's silence, against `Tests/Tools/dsu_server.py` (a
/// DSU server in a process of its own, streaming 100 reports a second on its own clock).
@Suite("marble record: silences")
struct RecordSilenceTests {
    static let script = Repository.root.appendingPathComponent("Tests/Tools/dsu_server.py").path

    /// How far the log's gap may be from the server's 3.01 s, in seconds: with the server's
    /// clock the gap is exact; by the arrivals (a restart) it carries both processes' scheduling
    /// on a loaded machine, a few tens of milliseconds.
    static let gapTolerance = 0.3

    @Test("A 3 s silence is a 3 s gap in t, whether the server's clock goes on or restarts; the log replays",
          arguments: [false, true])
    func silenceKeepsItsLength(restart: Bool) throws {
        let dir = try TempFolder("record-silence")
        // Reports at t = 0, 0.01, …; none from 1 s to 4 s: the last before at 0.99, the first after at 4.00.
        let server = try Self.startServer(in: dir, extra: ["--silence", "1:4"] + (restart ? ["--restart"] : []))
        defer { server.process.terminate(); server.process.waitUntilExit() }
        let out = try MarbleProcess.run(["record", "--motion", "127.0.0.1:\(server.port)", "--seconds", "6",
                                         "-o", dir.path("phone.csv")])
        #expect(out.status == 0, "\(out.stderr)")
        let log = try MarbleLog.read(contentsOf: dir.path("phone.csv"), io: .system).log
        let times = log.marbles[0].map(\.t)
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 >= 0 }, "t went back")
        let gap = try #require(steps.max())
        #expect(abs(gap - 3.01) <= Self.gapTolerance, "longest gap \(gap) s (restart: \(restart))")
        // One silence: every other step is the server's 10 ms spacing, or near it.
        #expect(steps.filter { $0 > 0.25 }.count == 1, "\(steps.filter { $0 > 0.25 })")
        #expect(out.stderr.contains("1 gaps"), "\(out.stderr)")

        let replay = try MarbleProcess.run(["replay", dir.path("phone.csv"), "--json"])
        #expect(replay.status == 0, "\(replay.stderr)")
        let json = try #require(replay.json)
        #expect(json["samples"] as? Int == log.marbles[0].count)
        #expect(json["dropped_samples"] as? Int == 0)
        let duration = try #require(json["duration_s"] as? Double)
        #expect(abs(duration - (times.last ?? 0)) < 1e-9, "duration \(duration) s")
    }

    /// Starts `dsu_server.py` on a free port of 127.0.0.1 and waits for the port it wrote.
    static func startServer(in dir: TempFolder, extra: [String]) throws -> (process: Process, port: Int) {
        let portFile = dir.path("port")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", script, "--port", "0", "--port-file", portFile, "--seconds", "8"] + extra
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let port = Int(text) { return (p, port) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        p.terminate()
        throw ServerDidNotStart()
    }

    /// `dsu_server.py` wrote no port within 10 s.
    struct ServerDidNotStart: Error {}
}
