import Foundation
import MarbleApp
import MarbleKit
import MarbleSDL

/// What the window benchmarks share: a hidden window as the app draws in it, a scratch store,
/// and a long drawing to open there.
enum BenchWindow {
    /// A hidden `FrameBench.width`×`height` window: SDL's dummy video and audio drivers, the
    /// software renderer, frames not paced (the benchmark keeps its own 60 Hz grid). `name`
    /// prefixes its warnings; `servePhonePage` starts the phone page's server when the app asks.
    static func open(_ name: String, servePhonePage: PhonePageStarter? = nil) throws -> SDLPlatform {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        var options = SDLPlatform.Options(files: PlatformFiles(io: .system))
        options.width = FrameBench.width
        options.height = FrameBench.height
        options.hidden = true
        options.software = true
        options.pace = false
        options.servePhonePage = servePhonePage
        return try SDLPlatform(options: options, warn: { FileHandle.standardError.write(Data("\(name): \($0)\n".utf8)) })
    }

    /// A fresh, empty scratch folder for the `name` benchmark's store, under the temporary folder.
    static func scratch(_ name: String) -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("marble-bench-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: root)
        return root
    }

    /// Feeds a new drawing in `store` the store benchmark's tilt walk (a pen lift a minute)
    /// until it has `segments` segments, and closes it; its id and segments.
    static func walkDrawing(in store: DrawingStateStore, segments target: Int, seed: UInt64,
                            title: String) throws -> (id: String, segments: Int) {
        let d = try store.create(configuration: StoreBench.configuration, title: title)
        var walk = TiltWalk(seed: seed, penLiftEvery: 60)
        var k = 0
        while true {
            try d.feed([walk.next()])
            k += 1
            if k % 60 == 0, d.session.segmentCount >= target { break }
        }
        let made = (d.id, d.session.segmentCount)
        try d.close()
        return made
    }
}
