import Foundation
import MarbleKit
import MarblePNG
import MarbleTestSupport
import MarbleWebP
import Testing

/// `marble timelapse`: the animated WebP's frames, durations and last frame, read back with
/// libwebp's animation decoder (and `webpmux -info`, as a person would, when it is installed).
@Suite("marble timelapse")
struct TimelapseCommandTests {
    typealias Store = StoreCommandTests.Store

    /// A store with the spiral in it, a stroke of it undone and brought back, then a clear undone.
    static func spiral() throws -> (Store, String) {
        let store = try Store()
        let made = try store.json(["replay", "Replays/spiral.csv", "--new"])
        let id = try #require(made["id"] as? String)
        for edit in ["undo", "redo", "clear", "undo"] { #expect(try store.run([edit, id]).status == 0) }
        return (store, id)
    }

    static func read(_ path: String) throws -> WebPAnimation {
        try WebPAnimation.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Pixels that are not the paper's colour.
    static func ink(_ rgba: [UInt8]) -> Int {
        var n = 0
        for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i] != RGBA8.paper.r || rgba[i + 1] != RGBA8.paper.g || rgba[i + 2] != RGBA8.paper.b { n += 1 }
        return n
    }

    @Test("10 s at 30 fps: 300 frames and the finished picture, 10 s in all, the last frame the export's pixels")
    func defaults() throws {
        let (store, id) = try Self.spiral()
        let out = store.dir.path("spiral.webp")
        let run = try store.run(["timelapse", id, "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("301 frames"))
        let animation = try Self.read(out)
        #expect(animation.frames.count == 301)
        #expect(animation.width == 1280 && animation.height == 800)
        #expect(abs(animation.milliseconds - 10_000) <= 1000, "\(animation.milliseconds) ms")
        #expect(animation.loopCount == 0, "it loops forever")
        // It starts from a blank canvas, only the ball on it (a disc of radius 16: about 850 px).
        #expect(Self.ink(animation.frames[0].rgba) < 1000, "it starts from a blank canvas")
        // Frame by frame the drawing grows (the spiral's own history has no undo before its end);
        // every 20th frame is counted, which a debug build does in reasonable time.
        let ink = stride(from: 0, to: 300, by: 20).map { Self.ink(animation.frames[$0].rgba) }
        #expect(ink == ink.sorted() && Set(ink).count == ink.count, "\(ink)")

        let png = store.dir.path("spiral.png")
        #expect(try store.run(["export", id, "--png", png]).status == 0)
        let picture = try PNGImage.decode(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(animation.frames.last!.rgba == picture.rgba, "the last frame is the exported picture, pixel for pixel")

        if let info = try? Self.webpmuxInfo(out) {
            #expect(info.contains("Number of frames: 301"), "\(info)")
            #expect(info.contains("lossless") && !info.contains("lossy"))
        }
    }

    @Test("--seconds, --fps, --width and --quality; the latest drawing by default")
    func options() throws {
        let (store, _) = try Self.spiral()
        let out = store.dir.path("small.webp")
        let run = try store.run(["timelapse", "--out", out, "--seconds", "2", "--fps", "12", "--width", "320"])
        #expect(run.status == 0, "\(run.stderr)")
        let small = try Self.read(out)
        #expect(small.frames.count == 25)
        #expect(small.width == 320 && small.height == 200)
        #expect(abs(small.milliseconds - 2000) <= 200, "\(small.milliseconds) ms")

        let lossy = store.dir.path("lossy.webp")
        #expect(try store.run(["timelapse", "--out", lossy, "--seconds", "2", "--fps", "12", "--width", "320", "--quality", "60"]).status == 0)
        let l = try Self.read(lossy)
        #expect(l.frames.count == 25 && l.width == 320)
        if let info = try? Self.webpmuxInfo(lossy) { #expect(info.contains("lossy")) }

        // Wider than the canvas is the canvas's width.
        let wide = store.dir.path("wide.webp")
        #expect(try store.run(["timelapse", "--out", wide, "--seconds", "0.5", "--fps", "4", "--width", "5000"]).status == 0)
        #expect(try Self.read(wide).width == 1280)
    }

    @Test("An unknown drawing exits 66 and says so; bad options exit 64")
    func errors() throws {
        let store = try Store()
        let out = store.dir.path("x.webp")
        let empty = try store.run(["timelapse", "--out", out])
        #expect(empty.status == 66 && empty.stderr.contains("no drawings"), "\(empty.stderr)")
        let unknown = try store.run(["timelapse", "20260101-000000-abcd", "--out", out])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("20260101-000000-abcd"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        for bad in [["--fps", "0"], ["--seconds", "-1"], ["--quality", "101"], ["--width", "1"]] {
            #expect(try store.run(["timelapse", "--out", out] + bad).status == 64, "\(bad)")
        }
    }

    @Test("Frames encoded on the adding thread (the window's film on 2 cores) make the same file, byte for byte, as on 1 or 3 threads",
          arguments: [0, 1, 3])
    func inlineEncoding(threads: Int) throws {
        // Frames that grow, stand still (a transparent 1×1 patch) and change in a corner.
        let (w, h) = (48, 32)
        var frames: [[UInt8]] = []
        var rgba = [UInt8](repeating: 255, count: w * h * 4)
        for k in 0..<12 {
            if k != 5 {
                for x in 0..<(4 * k % w) { rgba[((k % h) * w + x) * 4] = UInt8(20 * k) }
            }
            frames.append(rgba)
        }
        func encode(_ threads: Int) throws -> [UInt8] {
            let writer = try WebPAnimationWriter(width: w, height: h, threads: threads)
            for (k, f) in frames.enumerated() { try writer.add(rgba: f, milliseconds: 30 + k) }
            return try writer.finish()
        }
        let bytes = try encode(threads)
        #expect(bytes == (try encode(2)))
        let animation = try WebPAnimation.decode(bytes)
        #expect(animation.frames.map(\.rgba) == frames, "every frame decodes to its picture")
    }

    /// `webpmux -info FILE`, when Debian's `webp` package is installed.
    static func webpmuxInfo(_ path: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/webpmux")
        p.arguments = ["-info", path]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
