/// Wall-clock timing on the monotonic clock, and best-of-N runs.
enum Timing {
    /// The seconds `body` takes.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let d = start.duration(to: clock.now)
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// The fastest of `runs` runs of `body`, which times its own work and checksums its result.
    ///
    /// Every run must give the same checksum: the work is deterministic, so a difference is a bug.
    static func best(of runs: Int, _ body: () throws -> Run) rethrows -> Run {
        var best: Run?
        for _ in 0..<max(runs, 1) {
            let run = try body()
            if let b = best, b.checksum != run.checksum {
                fatalError("checksum changed between runs: \(b.checksum) then \(run.checksum)")
            }
            if best == nil || run.seconds < best!.seconds { best = run }
        }
        return best!
    }

    /// The fastest run of each body, `runs` rounds of every body in turn (A B, A B, …), so a
    /// busy moment of the machine hits all alike. Each body must give the same checksum every run.
    static func bestInTurns(of runs: Int, _ bodies: [() throws -> Run]) throws -> [Run] {
        var best: [Run?] = Array(repeating: nil, count: bodies.count)
        for _ in 0..<max(runs, 1) {
            for (i, body) in bodies.enumerated() {
                let run = try body()
                if let b = best[i], b.checksum != run.checksum {
                    fatalError("checksum changed between runs: \(b.checksum) then \(run.checksum)")
                }
                if best[i] == nil || run.seconds < best[i]!.seconds { best[i] = run }
            }
        }
        return best.map { $0! }
    }
}

/// One timed run: seconds of the timed part, a checksum of what it produced, and a note for people.
struct Run {
    var seconds: Double
    var checksum: UInt64
    var note = ""
}
