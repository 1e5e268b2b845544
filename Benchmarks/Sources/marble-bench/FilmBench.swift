import Foundation
import MarbleApp
import MarbleKit
import MarbleSDL
import MarbleWebP

/// The window's frame while Film makes a time-lapse: the real `App` on the End screen of a
/// drawing of `segments` segments (the frame bench's trail), in an `SDLPlatform` (dummy video,
/// software renderer, 1280×800, hidden), frames on a 60 Hz grid. Idle frames and frames while a
/// film is being made take turns: 100 idle frames, then Film and every frame until it ends
/// (no film runs into the idle frames), until there are `frames` of each.
final class FilmBench {
    let root: String
    let store: DrawingStateStore
    let window: SDLPlatform

    init() throws {
        root = BenchWindow.scratch("film")
        // The window's own encoder: the animated WebP, 10 s at 30 fps, as Film makes it.
        var environment = Environment.system
        environment.codecs.encodeTimelapse = { history, progress in
            let plan = Timelapse(seconds: 10, fps: 30)
            var writer: WebPAnimationWriter?
            try HistoryPlayer(history).frames(of: plan) { frame in
                // As the window's (Environment+Live.swift): a core left to the frame loop.
                if writer == nil {
                    writer = try WebPAnimationWriter(width: frame.width, height: frame.height,
                                                     threads: max(0, ProcessInfo.processInfo.activeProcessorCount - 2))
                }
                try writer!.add(rgba: frame.rgba, milliseconds: frame.milliseconds)
                try progress(Double(frame.index + 1) / Double(plan.frameCount + 1))
            }
            return try writer!.finish()
        }
        store = try DrawingStateStore(root: root, environment: environment)
        window = try BenchWindow.open("film")
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: root) }

    struct Result {
        var idle: [Double] = []
        var filming: [Double] = []
        var films = 0
        var segments = 0
    }

    func run(segments target: Int, frames: Int, seed: UInt64) throws -> Result {
        let (id, segments) = try BenchWindow.walkDrawing(in: store, segments: target, seed: seed, title: "marble-bench film")
        var result = Result()
        result.segments = segments
        let app = App(store: store, exportFolder: root + "/exports")
        app.openDrawing(id)
        app.handle(.keyDown(.enter, ctrl: false, isRepeat: false))
        app.handle(.keyUp(.enter))
        let period = 1 / FrameBench.rate
        var next = BenchDSUServer.now()
        func frame() -> Double {
            let t0 = BenchDSUServer.now()
            FrameLoop.frame(app, on: window)
            let t = BenchDSUServer.now() - t0
            next += period
            let wait = next - BenchDSUServer.now()
            if wait > 0 { usleep(useconds_t(wait * 1e6)) } else { next = BenchDSUServer.now() }
            return t
        }
        for _ in 0..<60 { _ = frame() }
        guard app.screen == .end else { throw StoreBench.Mismatch(description: "film: the app is not on the End screen") }
        while result.idle.count < frames || result.filming.count < frames {
            for _ in 0..<100 { result.idle.append(frame()) }
            app.handle(.keyDown(.t, ctrl: false, isRepeat: false))
            app.handle(.keyUp(.t))
            result.films += 1
            repeat { result.filming.append(frame()) } while app.drawings.filmProgress != nil
        }
        app.quit()
        return result
    }
}
