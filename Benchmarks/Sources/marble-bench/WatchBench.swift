import Foundation
import MarbleApp
import MarbleKit
import MarbleSDL
import SeededRandom

/// Seeking in Watch: the real `App` watching a drawing of `segments` segments (the store
/// bench's walk) in an `SDLPlatform` (dummy video, software renderer, 1280×800, hidden), paused,
/// once its keyframes are kept; each timed frame takes a ← or → (5% back or on) and shows the
/// picture at the new moment. Two of the pictures are checked against playing the history
/// from the blank canvas to that moment.
final class WatchBench {
    let root: String
    let store: DrawingStateStore
    let window: SDLPlatform

    init() throws {
        root = BenchWindow.scratch("watch")
        store = try DrawingStateStore(root: root, environment: .system)
        window = try BenchWindow.open("watch")
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: root) }

    struct Result {
        var seeks: [Double] = []
        var segments = 0
        var keyframes = 0
        var keyframeBytes = 0
        var keyframeSeconds = 0.0
        var checked = 0
    }

    func run(segments target: Int, seeks: Int, seed: UInt64) throws -> Result {
        let (id, segments) = try BenchWindow.walkDrawing(in: store, segments: target, seed: seed, title: "marble-bench watch")
        var result = Result()
        result.segments = segments
        let history = try store.history(of: id)
        let app = App(store: store, exportFolder: root + "/exports")
        app.openDrawing(id)
        app.handle(.keyDown(.enter, ctrl: false, isRepeat: false))
        app.handle(.keyUp(.enter))
        FrameLoop.frame(app, on: window)
        app.handle(.keyDown(.w, ctrl: false, isRepeat: false))
        app.handle(.keyUp(.w))
        let opened = BenchDSUServer.now()
        guard let watch = app.watch else { throw StoreBench.Mismatch(description: "watch: W did not open Watch") }
        app.handle(.keyDown(.space, ctrl: false, isRepeat: false))
        app.handle(.keyUp(.space))
        watch.waitForKeyframes()
        result.keyframeSeconds = BenchDSUServer.now() - opened
        (result.keyframes, result.keyframeBytes) = watch.keyframeFigures
        // Untimed: on to the end, seeking 5% at a time.
        for _ in 0..<20 {
            app.handle(.keyDown(.right, ctrl: false, isRepeat: false))
            app.handle(.keyUp(.right))
            FrameLoop.frame(app, on: window)
        }
        for _ in 0..<10 { FrameLoop.frame(app, on: window) }
        var rng = SplitMix64(seed: seed ^ 0x5eed)
        for n in 0..<seeks {
            // Mostly back (a parent looking for a moment), now and then on.
            let key: Key = rng.uniform(0, 1) < 0.7 ? .left : .right
            // The key is handled in the timed frame, as the window's own events are.
            let t0 = BenchDSUServer.now()
            app.handle(.keyDown(key, ctrl: false, isRepeat: false))
            app.handle(.keyUp(key))
            FrameLoop.frame(app, on: window)
            result.seeks.append(BenchDSUServer.now() - t0)
            if watch.fraction <= 0.05 {
                // At the start: back to the end, untimed.
                for _ in 0..<20 { app.handle(.keyDown(.right, ctrl: false, isRepeat: false)); app.handle(.keyUp(.right)) }
                FrameLoop.frame(app, on: window)
            }
            if n == seeks / 3 || n == 2 * seeks / 3 {
                let fresh = HistoryPlayer(history)
                fresh.play(until: watch.position)
                guard fresh.canvas.pixelBytes == watch.canvas.pixelBytes else {
                    throw StoreBench.Mismatch(description: "watch: after a seek to \(watch.position) s the picture is not the history's there "
                        + "(\(result.keyframes) keyframes, \(result.keyframeBytes) bytes)")
                }
                result.checked += 1
            }
        }
        app.quit()
        return result
    }
}
