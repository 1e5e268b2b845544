import Foundation
import MarbleApp
import MarbleKit
import MarbleSDL

/// The window's frame time: the real `App` on the drawing screen in an `SDLPlatform` (SDL's
/// dummy video driver, software renderer, 1280×800, hidden, unpaced), an arrow key held so the
/// ball keeps painting, on a new drawing and on one of ≥ 1M segments.
///
/// A frame is `FrameLoop.frame`: the events, `App.update(now:)` (one sample fed, the autosave
/// when due), the scene, the canvas's area changed since the texture's last revision uploaded, drawn, `SDL_RenderPresent`.
/// Frames start on a 60 Hz grid (the wait between them is not timed), so each one gets a
/// display frame of drawing time, paints what a frame at 60 Hz paints and autosaves every 30
/// frames, as in the window. The two drawings are open at once, in two apps on one window,
/// and take turns in blocks of frames, so that a busy moment of the machine hits both alike.
final class FrameBench {
    static let width = 1280, height = 800
    static let rate = 60.0
    /// Frames each arrow key is held before the next one (right, down, left, up, …).
    static let keyFrames = 40
    static let keys: [Key] = [.right, .down, .left, .up]

    /// Every `keyFrames` frames the arrow key held changes to the next, as the platform's
    /// events would at the start of frame `k`: the ball keeps painting, round and round.
    static func turnKey(frame k: Int, _ app: App, held: inout Key?) {
        guard k % keyFrames == 0 else { return }
        if let key = held { app.handle(.keyUp(key)) }
        let key = keys[(k / keyFrames) % keys.count]
        app.handle(.keyDown(key, ctrl: false, isRepeat: false))
        held = key
    }

    let root: String
    let store: DrawingStateStore
    let platform: SDLPlatform

    init() throws {
        root = BenchWindow.scratch("frame")
        store = try DrawingStateStore(root: root, environment: .system)
        platform = try BenchWindow.open("frame")
    }

    func cleanUp() {
        try? FileManager.default.removeItem(atPath: root)
    }

    struct Case {
        var frames: [Double] = []
        /// The same frames' CPU time (this thread, user + system): the work, without waiting or preemption.
        var cpu: [Double] = []
        /// Whether each timed frame autosaved.
        var autosaved: [Bool] = []
        /// Frames whose autosave started a snapshot, and the slowest of the 29 frames after each.
        var snapshotFrames: [Double] = []
        var afterSnapshotFrames: [Double] = []
        /// Segments before and after the timed frames, and the frames run in between (timed or not).
        var segmentsBefore = 0
        var segmentsAfter = 0
        var framesBetween = 0
    }

    /// One app on its drawing, and where its frames got to.
    final class Driver {
        let app: App
        var result = Case()
        var k = 0
        var held: Key?
        let journal: String
        var journalSize: Int

        init(_ app: App) {
            self.app = app
            journal = (app.drawing?.folder ?? "") + "/journal"
            journalSize = FrameBench.fileSize(journal)
        }
    }

    /// A new drawing (fake physics, normal), as Home → New → Start makes it.
    func newDrawing() throws -> Driver {
        let app = try makeApp()
        app.startNew(mode: StoreBench.configuration.mode, difficulty: StoreBench.configuration.difficulty)
        return Driver(app)
    }

    /// A drawing of ≥ `segments` segments, built through the store (as StoreBench does) and closed,
    /// then opened in an app as Continue opens it. Also returns the seconds that took.
    /// With `playSound`, the app's environment plays its sound there.
    func bigDrawing(segments target: Int, penLiftEvery: Double, seed: UInt64,
                    playSound: Environment.SoundSink? = nil) throws -> (Driver, Double) {
        var id = ""
        let setup = try Timing.seconds {
            let d = try store.create(configuration: StoreBench.configuration, title: "marble-bench frame 1M")
            id = d.id
            d.policy.autosaveInterval = 30
            d.policy.snapshotEvery = .max
            var walk = TiltWalk(seed: seed, penLiftEvery: penLiftEvery)
            var k = 0
            while true {
                try d.feed([walk.next()])
                try d.saveIfDue()
                k += 1
                if k % 60 == 0, d.session.segmentCount >= target { break }
            }
            try d.close()
        }
        let app = try makeApp(playSound: playSound)
        let open = Timing.seconds { app.openDrawing(id) }
        guard app.screen == .drawing, app.drawing != nil else {
            throw StoreBench.Mismatch(description: "frame: the app did not open the 1M drawing: \(app.notice ?? "?")")
        }
        return (Driver(app), setup + open)
    }

    /// An app on the store; with `playSound`, on a second store object of the same folder whose
    /// environment plays there.
    func makeApp(playSound: Environment.SoundSink? = nil) throws -> App {
        var environment = Environment.system
        environment.playSound = playSound
        let on = playSound == nil ? store : try DrawingStateStore(root: root, environment: environment)
        return App(store: on, exportFolder: root + "/exports", log: { FileHandle.standardError.write(Data("frame: app: \($0)\n".utf8)) })
    }

    /// Frames of the two drawings in alternating blocks of `block` timed frames (each after
    /// `settle` untimed ones: switching drawings uploads a whole canvas), so that both see the
    /// same machine; `warmup` untimed frames of each first. Then, for each, `snapshots` times
    /// the frames around an autosave that writes a snapshot. Closes both drawings.
    func measure(_ drivers: [Driver], frames: Int, warmup: Int, block: Int = 100, settle: Int = 10, snapshots: Int = 3) {
        var pacer = FramePacer()

        /// One frame of `d`, timed; whether it autosaved (its journal grew).
        func frame(_ d: Driver) -> (seconds: Double, cpu: Double, saved: Bool) {
            let app = d.app
            let cpu = StoreBench.threadCPU()
            let t = Timing.seconds {
                // The key changes arrive as the platform's events would, at the start of the frame.
                Self.turnKey(frame: d.k, app, held: &d.held)
                FrameLoop.frame(app, on: platform)
            }
            let used = StoreBench.threadCPU() - cpu
            d.k += 1
            let size = Self.fileSize(d.journal)
            defer { d.journalSize = size }
            pacer.wait()
            return (t, used, size != d.journalSize)
        }

        // The setup's writes reach the disk now, not during the measurement's fdatasyncs.
        sync()
        for d in drivers {
            for _ in 0..<warmup { _ = frame(d) }
            d.result.segmentsBefore = d.app.drawing?.session.segmentCount ?? 0
            d.result.framesBetween = -d.k
        }
        FrameTurns.run(drivers.count, frames: frames, block: block, settle: settle) { i, timed in
            let d = drivers[i], f = frame(d)
            guard timed else { return }
            d.result.frames.append(f.seconds)
            d.result.cpu.append(f.cpu)
            d.result.autosaved.append(f.saved)
        }

        // The autosave that comes due for a snapshot (one in ~546): made due now, then the
        // 29 frames up to the next autosave.
        for d in drivers {
            d.result.segmentsAfter = d.app.drawing?.session.segmentCount ?? 0
            d.result.framesBetween += d.k
            guard let drawing = d.app.drawing else { continue }
            let every = drawing.policy.snapshotEvery
            for _ in 0..<settle { _ = frame(d) }
            for _ in 0..<snapshots {
                drawing.waitForSnapshot()
                drawing.policy.snapshotEvery = 1
                var f = frame(d)
                while !f.saved { f = frame(d) }
                drawing.policy.snapshotEvery = every
                var after = 0.0
                for _ in 0..<29 { after = max(after, frame(d).seconds) }
                d.result.snapshotFrames.append(f.seconds)
                d.result.afterSnapshotFrames.append(after)
            }
        }
        for d in drivers {
            if let held = d.held { d.app.handle(.keyUp(held)) }
            d.app.quit()      // saves and closes the drawing, as Ctrl+Q does
        }
    }

    static func fileSize(_ path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : -1
    }
}

extension FrameBench {
    /// Sleeps until `deadline` (not at all when it has passed).
    static func sleep(until deadline: ContinuousClock.Instant, _ clock: ContinuousClock) {
        let d = clock.now.duration(to: deadline)
        guard d > .zero else { return }
        let (s, atto) = d.components
        var ts = timespec(tv_sec: Int(s), tv_nsec: Int(atto / 1_000_000_000)), rest = timespec()
        while nanosleep(&ts, &rest) != 0 && errno == EINTR { ts = rest }
    }
}

/// Percentiles of frame times (nearest rank).
struct FrameStats {
    let median: Double
    let p99: Double
    let max: Double

    init(_ xs: [Double]) {
        let s = xs.sorted()
        func rank(_ p: Double) -> Double {
            s.isEmpty ? .nan : s[Swift.min(s.count - 1, Swift.max(0, Int((p * Double(s.count)).rounded(.up)) - 1))]
        }
        median = rank(0.5)
        p99 = rank(0.99)
        max = s.last ?? .nan
    }

    func text(_ n: Int) -> String {
        String(format: "p99 %.3f ms (median %.3f, max %.3f, n = %d)", p99 * 1000, median * 1000, max * 1000, n)
    }
}
