import Foundation

/// A class's worth of logs replayed by the real `marble`: `marble replay <24 logs> --json --jobs N`,
/// from `posix_spawn` to exit, with one job and with two.
///
/// The logs are synthetic (`SyntheticLog`, 100 Hz, a seed each), written to a temporary folder
/// before any run. The binary is found as for the launch measurement (`LaunchBench.locate`).
struct BatchBench {
    static let logCount = 24
    let marble: String
    let root: String
    let logs: [String]
    let seconds: Int

    init(marble: String, seconds: Int, rate: Int, seed: UInt64) throws {
        self.marble = marble
        self.seconds = seconds
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marble-bench-batch-\(getpid())").path
        root = folder
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        logs = try (0..<Self.logCount).map { i in
            let path = folder + String(format: "/pupil-%02d.csv", i + 1)
            try SyntheticLog.make(seconds: seconds, rate: rate, seed: seed &+ UInt64(i))
                .text().write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }
    }

    func cleanUp() {
        try? FileManager.default.removeItem(atPath: root)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The arguments for `jobs` workers.
    func arguments(jobs: Int, binary: String? = nil) -> [String] {
        [binary ?? marble, "replay"] + logs + ["--json", "--jobs", "\(jobs)"]
    }

    /// `runs` runs of `baseline` and of this build with one job, taking turns; the best of
    /// each. Both must print the same lines.
    func measureAgainst(baseline: String, runs: Int) throws -> (baseline: Double, current: Double) {
        var best = (baseline: Double.infinity, current: Double.infinity)
        var expected: String?
        for _ in 0..<max(runs, 1) {
            for binary in [baseline, marble] {
                let outPath = root + "/stdout", errPath = root + "/stderr"
                let seconds = try Spawn.timed(arguments(jobs: 1, binary: binary), environment: ProcessInfo.processInfo.environment,
                                              stdout: outPath, stderr: errPath, name: "\(binary) replay (\(logs.count) logs) --json --jobs 1")
                let out = try String(contentsOfFile: outPath, encoding: .utf8)
                if let expected, out != expected { throw Failure(description: "\(binary) printed other lines than \(baseline)") }
                expected = out
                if binary == baseline { best.baseline = min(best.baseline, seconds) } else { best.current = min(best.current, seconds) }
            }
        }
        return best
    }

    /// One timed run: seconds from spawn to exit, and what it printed. Throws unless it exits 0.
    func run(jobs: Int) throws -> (seconds: Double, stdout: String) {
        let outPath = root + "/stdout", errPath = root + "/stderr"
        let seconds = try Spawn.timed(arguments(jobs: jobs), environment: ProcessInfo.processInfo.environment,
                                      stdout: outPath, stderr: errPath, name: "marble replay (\(logs.count) logs) --json --jobs \(jobs)")
        return (seconds, try String(contentsOfFile: outPath, encoding: .utf8))
    }

    /// `runs` runs of each, taking turns (1, 2, 1, 2, …) so a busy moment hits both alike; the best
    /// of each. Every run must print the same lines, one a log.
    func measure(runs: Int) throws -> (jobs1: Double, jobs2: Double, lines: Int) {
        var best = (jobs1: Double.infinity, jobs2: Double.infinity)
        var expected: String?
        for _ in 0..<max(runs, 1) {
            for jobs in [1, 2] {
                let (seconds, out) = try run(jobs: jobs)
                if let expected, out != expected {
                    throw Failure(description: "--jobs \(jobs) printed other lines than --jobs 1")
                }
                expected = out
                if jobs == 1 { best.jobs1 = min(best.jobs1, seconds) } else { best.jobs2 = min(best.jobs2, seconds) }
            }
        }
        let lines = expected!.split(separator: "\n").count
        guard lines == logs.count else { throw Failure(description: "\(lines) lines for \(logs.count) logs") }
        return (best.jobs1, best.jobs2, lines)
    }
}

extension BatchBench {
    /// The batch measurement with `options`: --jobs 1 against --jobs 2, and against
    /// `--baseline-marble` when given; null keys when there is no release `marble`.
    static func run(_ options: Options, into report: inout Report) throws {
        if let marble = LaunchBench.locate(explicit: options.marble) {
            let bench = try BatchBench(marble: marble, seconds: options.batchSeconds, rate: options.replayRate, seed: options.seed)
            defer { bench.cleanUp() }
            print("batch: marble replay <\(BatchBench.logCount) synthetic logs of \(options.batchSeconds) s at \(options.replayRate) Hz> --json --jobs 1, then 2 (\(marble))")
            let r = try bench.measure(runs: options.replayRuns)
            print(String(format: "Batch replay, %d logs: %.2f s with --jobs 1, %.2f s with --jobs 2: %.2f× (goal ≥ 1.6×)  (best of %d each, the same %d lines)",
                         BatchBench.logCount, r.jobs1, r.jobs2, r.jobs1 / r.jobs2, options.replayRuns, r.lines))
            report.add("batch_replay_s_jobs1", r.jobs1, digits: 3)
            report.add("batch_replay_s_jobs2", r.jobs2, digits: 3)
            report.add("batch_replay_speedup", r.jobs1 / r.jobs2, digits: 2)
            if let baseline = options.baselineMarble {
                let b = try bench.measureAgainst(baseline: baseline, runs: options.replayRuns)
                print(String(format: "Batch replay against %@: %.3f s, this build %.3f s: %.2f× per job (goal ≥ 2×)", baseline, b.baseline, b.current, b.baseline / b.current))
                report.add("batch_replay_s_jobs1_baseline", b.baseline, digits: 3)
                report.add("batch_replay_speedup_vs_baseline", b.baseline / b.current, digits: 2)
            }
        } else {
            print("Batch replay: skipped, no release marble binary (build it first: "
                + "`swift build -c release --product marble` in Benchmarks, or pass --marble PATH)")
            report.add("batch_replay_s_jobs1", .nan)
            report.add("batch_replay_s_jobs2", .nan)
            report.add("batch_replay_speedup", .nan)
        }
    }
}
