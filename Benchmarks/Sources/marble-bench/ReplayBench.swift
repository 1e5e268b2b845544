import Foundation
import MarbleKit

/// Replaying a marble log to a final canvas as `marble replay` does: the log read by a
/// `LogRowStream` while its rows are fed to a `DrawingSession` of as many marbles as the log
/// has (otherwise the default configuration: 1280×800, real physics, normal difficulty).
///
/// The log text is generated and written to a temporary file once, before any run.
struct ReplayBench {
    let path: String
    let duration: Double
    /// Rows in the log (one sample a marble each).
    let sampleCount: Int
    let marbles: Int

    init(seconds: Int, rate: Int, seed: UInt64, marbles: Int = 1) throws {
        let log = SyntheticLog.make(seconds: seconds, rate: rate, seed: seed, marbles: marbles)
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("marble-bench-\(getpid())" + (marbles > 1 ? "-\(marbles)-marbles" : "") + ".csv").path
        try log.text().write(toFile: path, atomically: false, encoding: .utf8)
        duration = Double(seconds)
        sampleCount = log.rowCount
        self.marbles = marbles
    }

    struct Mismatch: Error, CustomStringConvertible {
        var description: String
    }

    /// Removes the temporary log.
    func cleanUp() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// One timed replay (the session's creation is not timed), as `marble replay` plays a log:
    /// read on the other core (`LogRowStream`) while the session is fed its rows, a row at a
    /// time. The note says how long the session waited for rows.
    func run() throws -> Run {
        let session = DrawingSession(marbles: marbles, SessionConfiguration())
        var waited = 0.0
        let seconds = try Timing.seconds {
            let stream = try LogRowStream(contentsOf: path, io: .system)
            guard stream.marbleCount == marbles else {
                throw Mismatch(description: "\(path): read \(stream.marbleCount) marbles, wrote \(marbles)")
            }
            while true {
                var next: LogRowStream.Block?
                waited += try Timing.seconds { next = try stream.next() }
                guard let block = next else { break }
                for k in 0..<block.count { try session.feed(block.row(k)) }
            }
        }
        var checksum = session.canvas.withPixelBytes { Checksum.of($0) }
        checksum ^= UInt64(session.segmentCount) &* 0x9E37_79B9_7F4A_7C15
        let note = "waited \(Report.ms(waited)) for rows; \(session.strokes.count) strokes, \(session.segmentCount) segments"
        return Run(seconds: seconds, checksum: checksum, note: note)
    }

    /// The replay measurement: the hour of one marble and the same hour of four, taking turns
    /// (1, 4, 1, 4, …) so a busy moment of the machine hits both alike, the best of `runs` each;
    /// their keys and the ratio of their times. Returns the one-marble bench (the sound bench
    /// reads its log); the caller removes its file.
    static func measure(seconds: Int, rate: Int, seed: UInt64, runs: Int, into report: inout Report) throws -> ReplayBench {
        let one = try ReplayBench(seconds: seconds, rate: rate, seed: seed)
        let four = try ReplayBench(seconds: seconds, rate: rate, seed: seed, marbles: 4)
        defer { four.cleanUp() }
        print("replay: \(one.sampleCount) rows (\(seconds) s at \(rate) Hz) of one marble, then of four (seeds +0 … +3), "
            + "taking turns; 1280×800, real, normal")
        let best = try Timing.bestInTurns(of: runs, [one.run, four.run])
        let factor = one.duration / best[0].seconds, factor4 = four.duration / best[1].seconds
        report.line("Replay", best[0], runs: runs, rate: String(format: "%.0f× real time (goal ≥ 5000×)", factor))
        report.line("Replay, four marbles", best[1], runs: runs, rate: String(format: "%.0f× real time (goal ≥ 5000×)", factor4))
        print(String(format: "  four marbles take %.2f× the time of one", best[1].seconds / best[0].seconds))
        report.add("replay_realtime_factor", factor)
        report.add("replay_4_marbles_realtime_factor", factor4)
        report.add("replay_4_vs_1_marble_time", best[1].seconds / best[0].seconds, digits: 2)
        return one
    }

    /// Writes the measurement's two logs to `folder` (`replay-1-marble.csv`, `replay-4-marbles.csv`),
    /// to time `marble replay` on them from outside; their paths.
    static func write(to folder: String, seconds: Int, rate: Int, seed: UInt64) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try [(1, "replay-1-marble.csv"), (4, "replay-4-marbles.csv")].map { marbles, name in
            let path = folder + "/" + name
            try SyntheticLog.make(seconds: seconds, rate: rate, seed: seed, marbles: marbles)
                .text().write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }
    }
}
