import Foundation
import MarbleKit
import SeededRandom

/// The drawing store: autosave cost on a ~1M-segment drawing against a near-empty one, and
/// the time to reopen that drawing after a normal close and after a crash-like stop.
///
/// Everything happens in a temporary store under /tmp (removed afterwards): the file system
/// the store really writes to, fsyncs included. Reopening reads files the page cache holds.
final class StoreBench {
    /// Fake physics at normal difficulty: 450 px/s at full tilt, about 3.7 segments a sample.
    static let configuration = SessionConfiguration(mode: .fake, difficulty: .normal)
    /// A live autosave: `autosaveInterval` (0.5 s) of samples at 60 Hz.
    static let rate = 60.0
    static let samplesPerAutosave = 30
    /// Samples fed after the last snapshot before the crash-like stop (< `snapshotEvery`).
    static let tailSamples = 16_000

    let root: String
    let store: DrawingStateStore

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("marble-bench-store-\(getpid())").path
        try? FileManager.default.removeItem(atPath: root)
        store = try DrawingStateStore(root: root, environment: .system)
    }

    /// Removes the temporary store.
    func cleanUp() {
        try? FileManager.default.removeItem(atPath: root)
    }

    struct Results {
        var segments = 0
        var setupSeconds = 0.0
        var journalBytes = 0
        var snapshotBytes = 0
        var autosave1M: [Double] = []
        var autosaveEmpty: [Double] = []
        /// The same autosaves' CPU time (this thread, user + system): the part that is not waiting on the disk.
        var autosaveCPU1M: [Double] = []
        var autosaveCPUEmpty: [Double] = []
        var fdatasync: [Double] = []
        var autosaveWithSnapshot: [Double] = []
        var restore: [Double] = []
        var restoreTail: [Double] = []
        /// Undo of the last stroke and redo of it (each re-renders every visible stroke).
        var undo: [Double] = []
        /// Seconds from opening until undo's background pictures are ready.
        var undoSeed = 0.0
        /// Bytes of undo's pictures once seeded, and after the undos and redos.
        var undoPictureBytes = 0
        var redo: [Double] = []
        var restoreTailRewroteSnapshot = false
        var restoreTailNotes: [String] = []
    }

    /// The whole measurement: setup, autosaves, restores. `segments` is the drawing's target size.
    func run(segments target: Int, autosaves: Int, restoreRuns: Int, penLiftEvery: Double, seed: UInt64) throws -> Results {
        var r = Results()
        var walk = TiltWalk(seed: seed, penLiftEvery: penLiftEvery)

        // 1. The big drawing, fed a sample at a time with saveIfDue after each, but saved every
        //    30 s of drawing and with no snapshot until the end: the same samples in the journal
        //    (in fewer, larger records), made in a few seconds instead of ~30 (21,000 fdatasyncs
        //    and 38 ever larger snapshots).
        let big = try store.create(configuration: Self.configuration, title: "marble-bench 1M")
        let id = big.id
        let live = (autosave: big.policy.autosaveInterval, snapshot: big.policy.snapshotEvery)
        big.policy.autosaveInterval = 30
        big.policy.snapshotEvery = .max
        r.setupSeconds = try Timing.seconds {
            var k = 0
            while true {
                try big.feed([walk.next()])
                try big.saveIfDue()
                k += 1
                if k % 60 == 0, big.session.segmentCount >= target { break }
            }
            try big.save()
        }
        r.segments = big.session.segmentCount
        FileHandle.standardError.write(Data(String(
            format: "store: setup fed %d samples (%.0f s of drawing, %d strokes, %d segments) in %.1f s\n",
            big.session.acceptedSamples, big.session.duration, big.session.strokes.count, r.segments,
            r.setupSeconds).utf8))

        // 2. Autosaves: the big drawing, a near-empty one and a bare append + fdatasync, interleaved
        //    so that all three see the same disk. Pen down, the ball moving: a live autosave.
        var emptyWalk = TiltWalk(seed: seed ^ 0xE, penLiftEvery: 0)
        (big.policy.autosaveInterval, big.policy.snapshotEvery) = live
        let empty = try store.create(configuration: Self.configuration, title: "marble-bench empty")
        for _ in 0..<60 { try empty.feed([emptyWalk.next()]) }
        walk.penLiftEvery = 0
        // A fresh snapshot first, so no autosave below is the one that writes the next snapshot.
        try big.checkpoint()
        try empty.checkpoint()
        let probe = try SyncProbe(path: root + "/fdatasync-probe")
        defer { probe.close() }
        let record = [UInt8](repeating: 0xA5, count: 5 + 24 + 4 + Self.samplesPerAutosave * 33 + 4)
        for _ in 0..<autosaves {
            for _ in 0..<Self.samplesPerAutosave { try big.feed([walk.next()]) }
            var cpu = Self.threadCPU()
            r.autosave1M.append(try Timing.seconds { try big.save() })
            r.autosaveCPU1M.append(Self.threadCPU() - cpu)
            for _ in 0..<Self.samplesPerAutosave { try empty.feed([emptyWalk.next()]) }
            cpu = Self.threadCPU()
            r.autosaveEmpty.append(try Timing.seconds { try empty.save() })
            r.autosaveCPUEmpty.append(Self.threadCPU() - cpu)
            r.fdatasync.append(try Timing.seconds { try probe.append(record) })
        }

        // 3. The autosave that comes due for a snapshot (one in every snapshotEvery / 30, about
        //    546 at 60 Hz): the same save, plus copying the state for the background thread that
        //    writes it (waited for outside the timing).
        let every = big.policy.snapshotEvery
        big.policy.snapshotEvery = Self.samplesPerAutosave
        for _ in 0..<3 {
            for _ in 0..<Self.samplesPerAutosave { try big.feed([walk.next()]) }
            r.autosaveWithSnapshot.append(try Timing.seconds { try big.save() })
            big.waitForSnapshot()
        }
        big.policy.snapshotEvery = every
        try empty.close()

        // 4. Reopening after a normal close (close writes the snapshot).
        let expected = Fingerprint(big.session)
        try big.close()
        let folder = root + "/drawings/" + id
        r.journalBytes = Self.fileSize(folder + "/journal")
        r.snapshotBytes = Self.fileSize(folder + "/snapshot")
        for _ in 0..<restoreRuns {
            var opened: StoredDrawing?
            r.restore.append(try Timing.seconds { opened = try store.open(id) })
            try Self.check(opened!, expected, "reopened after close")
            try opened!.close()
            opened = nil
        }

        // 5. Reopening after a crash-like stop: a snapshot, then `tailSamples` samples autosaved to
        //    the journal only, then the drawing dropped without close (its deinit closes the files).
        var tail: Fingerprint
        do {
            let d = try store.open(id)
            try d.checkpoint()
            for _ in 0..<Self.tailSamples {
                try d.feed([walk.next()])
                try d.saveIfDue()
            }
            try d.save()
            tail = Fingerprint(d.session)
        }
        // Opening may make the repaired state a new snapshot: put the crash-time one back each run.
        let snapshotPath = folder + "/snapshot"
        let crashSnapshot = try Data(contentsOf: URL(fileURLWithPath: snapshotPath))
        for _ in 0..<restoreRuns {
            try crashSnapshot.write(to: URL(fileURLWithPath: snapshotPath))
            let before = Self.modified(snapshotPath)
            var opened: StoredDrawing?
            r.restoreTail.append(try Timing.seconds { opened = try store.open(id) })
            try Self.check(opened!, tail, "reopened after a crash")
            if Self.modified(snapshotPath) != before { r.restoreTailRewroteSnapshot = true }
            r.restoreTailNotes = opened!.recoveryNotes
            opened = nil    // dropped, not closed: the next run starts from the same state
        }

        // 6. Undo and redo at a million segments. Opening paints undo's pictures in the
        // background; the first undo is timed once they are ready (as a child's first undo comes
        // after some drawing), and the painting is timed apart from it.
        var opened: StoredDrawing?
        let openedAt = ContinuousClock.now
        opened = try store.open(id)
        let d = opened!
        d.waitForUndoPictures()
        let seeded = openedAt.duration(to: .now)
        r.undoSeed = Double(seeded.components.seconds) + Double(seeded.components.attoseconds) * 1e-18
        let before = Fingerprint(d.session)
        for _ in 0..<4 {
            r.undo.append(try Timing.seconds { _ = try d.undo() })
            r.redo.append(try Timing.seconds { _ = try d.redo() })
        }
        try Self.check(d, before, "undo then redo")
        r.undoPictureBytes = d.undoPictureBytes
        try d.close()
        return r
    }

    // MARK: - Checks

    /// What a restored drawing must match: its size, ball, clock and picture.
    struct Fingerprint: Equatable {
        var segments: Int
        var samples: Int
        var ball: BallState
        var steps: Int64
        var picture: UInt64

        init(_ s: ReadOnlySession) {
            segments = s.segmentCount
            samples = s.acceptedSamples
            ball = s.marbles[0].ball
            steps = s.stepCount
            picture = s.canvas.withPixelBytes { Checksum.of($0) }
        }
    }

    struct Mismatch: Error, CustomStringConvertible {
        var description: String
    }

    static func check(_ d: StoredDrawing, _ expected: Fingerprint, _ what: String) throws {
        let got = Fingerprint(d.session)
        guard got == expected else { throw Mismatch(description: "\(what): got \(got), expected \(expected)") }
        guard d.recoveryNotes.isEmpty || what.contains("crash") else {
            throw Mismatch(description: "\(what): unexpected recovery notes \(d.recoveryNotes)")
        }
    }

    /// This thread's CPU time, in s.
    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    /// The file's modification time (Foundation's: the stat field's name differs by platform).
    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}

/// A file appended to as the journal is (write at the end, then fdatasync): the disk's floor.
struct SyncProbe {
    let fd: Int32

    init(path: String) throws {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreBench.Mismatch(description: "\(path): \(String(cString: strerror(errno)))") }
    }

    func append(_ bytes: [UInt8]) throws {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        guard n == bytes.count, fdatasync(fd) == 0 else {
            throw StoreBench.Mismatch(description: "fdatasync probe: \(String(cString: strerror(errno)))")
        }
    }

    func close() { closeDescriptor(fd) }
}

/// close(2), named apart: inside `SyncProbe` its own `close()` hides the C function.
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }

/// A tilt that swings round and round, full tilt, so a fake-physics ball keeps moving fast
/// (450 px/s at normal difficulty) and wanders over the whole canvas, sliding off the walls.
///
/// 60 Hz samples; the tilt's direction turns at a rate that wanders (an Ornstein–Uhlenbeck
/// process, about ±2 rad/s); the heading follows the direction, so the colour keeps changing.
/// With `penLiftEvery` > 0 the pen is lifted for the last second of every such period.
struct TiltWalk {
    var rng: SplitMix64
    var k = 0
    var angle = 0.0
    var turn = 0.0
    var penLiftEvery: Double

    init(seed: UInt64, penLiftEvery: Double) {
        rng = SplitMix64(seed: seed)
        self.penLiftEvery = penLiftEvery
        angle = rng.uniform(0, 2 * .pi)
    }

    mutating func next() -> Sample {
        let dt = 1 / StoreBench.rate
        let t = Double(k) / StoreBench.rate
        k += 1
        // Turn rate: time constant 1.5 s, spread about 2 rad/s.
        let tau = 1.5, spread = 2.0
        turn += -turn * dt / tau + (rng.unit() * 2 - 1) * 3.0.squareRoot() * spread * (2 * dt / tau).squareRoot()
        angle = (angle + turn * dt).truncatingRemainder(dividingBy: 2 * .pi)
        let tilt = Vec2(cos(angle), sin(angle))
        var heading = angle * 180 / .pi
        if heading < 0 { heading += 360 }
        let penDown = penLiftEvery <= 0 || t.truncatingRemainder(dividingBy: penLiftEvery) < penLiftEvery - 1
        return Sample(t: t, tilt: tilt, heading: heading, penDown: penDown)
    }
}

/// Median, minimum and maximum of some times.
struct Spread {
    let median: Double
    let min: Double
    let max: Double
    let p90: Double

    init(_ xs: [Double]) {
        let s = xs.sorted()
        median = s.isEmpty ? .nan : (s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
        min = s.first ?? .nan
        max = s.last ?? .nan
        p90 = s.isEmpty ? .nan : s[Swift.min(s.count - 1, Int((Double(s.count) * 0.9).rounded(.down)))]
    }

    /// "median 0.41 ms (min 0.30, p90 0.70, max 1.20, n = 50)".
    func text(_ n: Int) -> String {
        String(format: "median %.3f ms (min %.3f, p90 %.3f, max %.3f, n = %d)", median * 1000, min * 1000, p90 * 1000, max * 1000, n)
    }
}
