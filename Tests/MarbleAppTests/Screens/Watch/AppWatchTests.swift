import Foundation
import MarbleKit
import MarbleTestSupport
import MarbleWebP
import Testing
@testable import MarbleApp

/// Watch: a drawing's history played from a blank canvas, with pause, speed, seeking and
/// Esc; and the End screen's Save time-lapse.
@Suite("App watch")
struct AppWatchTests {
    /// A finished drawing (two strokes, one undone) on the End screen.
    static func finished(_ h: AppHarness) throws -> StoredDrawing {
        try h.openSmallDrawing()
        let d = try #require(h.app.drawing)
        h.hold(.right, frames: 40)
        h.tap(.z)
        h.frame(.keyDown(.down, ctrl: false, isRepeat: false), .keyDown(.e, ctrl: false, isRepeat: false))
        h.frames(50)
        h.frame(.keyUp(.down), .keyUp(.e))
        h.tap(.enter)
        #expect(h.app.screen == .end)
        return d
    }

    static func ink(_ c: Canvas?) -> Int { c?.inkStatistics().pixels ?? -1 }

    @Test("W plays the drawing from a blank canvas to the finished picture in about 20 s, then stops")
    func watchToTheEnd() throws {
        let h = try AppHarness()
        let d = try Self.finished(h)
        h.tap(.w)
        #expect(h.app.screen == .watch)
        let w = try #require(h.app.watch)
        #expect(h.app.canvas === w.canvas, "the window shows the watched canvas")
        #expect(Self.ink(h.app.canvas) < 100, "it starts from a blank canvas")
        #expect(h.scene.layers.flatMap(\.elements).contains { if case .canvas = $0 { true } else { false } })
        h.frames(600)    // 10 s
        #expect(abs(w.fraction - 0.5) < 0.03, "\(w.fraction)")
        #expect(!w.paused && Self.ink(h.app.canvas) > 0)
        h.frames(640)
        #expect(w.atEnd && w.paused, "it stops on the finished picture")
        #expect(w.canvas.pixelBytes == d.session.canvas.pixelBytes, "the finished picture is the drawing's")
        #expect(h.scene.texts.contains { $0.hasPrefix("The end") })
    }

    @Test("Space pauses and plays; + and − change the speed")
    func pauseAndSpeed() throws {
        let h = try AppHarness()
        _ = try Self.finished(h)
        h.tap(.w)
        let w = try #require(h.app.watch)
        h.frames(60)
        h.tap(.space)
        #expect(w.paused)
        let at = w.position
        h.frames(30)
        #expect(w.position == at, "paused: the clock stands")
        #expect(h.actions.contains(.watchPause) && h.scene.texts.contains("Play"))
        h.tap(.space)
        h.frames(30)
        #expect(w.position > at)
        #expect(w.speed == 1)
        h.tap(.plus)
        #expect(w.speed == 2)
        let before = w.fraction
        h.frames(60)
        #expect(abs(w.fraction - before - 0.1) < 0.01, "2×: a second is a tenth of the drawing")
        for _ in 0..<9 { h.tap(.minus) }
        #expect(w.speed == WatchPlayer.speeds.first)
    }

    @Test("← and → seek 5%; back from later plays again from the blank canvas to the same picture")
    func seek() throws {
        let h = try AppHarness()
        _ = try Self.finished(h)
        h.tap(.w)
        let w = try #require(h.app.watch)
        h.tap(.space)   // paused: only the seeks move the clock
        for _ in 0..<12 { h.tap(.right) }
        #expect(abs(w.fraction - 0.6) < 0.02, "\(w.fraction)")
        h.frames(5)
        let at60 = w.canvas.pixelBytes
        for _ in 0..<4 { h.tap(.left) }
        #expect(abs(w.fraction - 0.4) < 0.02)
        h.frames(5)
        // The same moment reached by playing on from the start, in another player.
        let reference = HistoryPlayer(try h.store.history(of: w.id))
        reference.play(until: w.position)
        #expect(w.canvas.pixelBytes == reference.canvas.pixelBytes)
        #expect(w.canvas.pixelBytes != at60)
        for _ in 0..<30 { h.tap(.left) }
        #expect(w.fraction == 0)
    }

    @Test("Once the keyframes are kept, every seek shows the exact picture of its moment in the same frame")
    func seekInOneFrame() throws {
        let h = try AppHarness()
        _ = try h.openSmallDrawing()
        // 4,000 samples, a frame each, round and round: a seek back from near the end is more
        // than the 1,500 samples a frame plays, so without keyframes it would show the picture
        // part-way there.
        for _ in 0..<5 { for key in [Key.right, .down, .left, .up] { h.hold(key, frames: 200) } }
        h.tap(.enter)
        h.tap(.w)
        let w = try #require(h.app.watch)
        h.tap(.space)
        w.waitForKeyframes()
        #expect(w.keyframeFigures.count > 0, "\(w.keyframeFigures)")
        let history = try h.store.history(of: w.id)
        #expect(history.sampleCount >= 4000)
        for _ in 0..<19 { h.tap(.right) }
        for key in [Key.left, .left, .left, .left, .left, .left, .left, .right, .left, .left, .right, .left, .left, .left] {
            h.tap(key)
            let reference = HistoryPlayer(history)
            reference.play(until: w.position)
            #expect(differingBytes(w.canvas.pixelBytes, reference.canvas.pixelBytes) == 0, "at \(w.fraction)")
        }
    }

    @Test("Esc goes back to the End screen, the drawing still open; from the gallery, back to the gallery")
    func back() throws {
        let h = try AppHarness()
        let d = try Self.finished(h)
        h.tap(.w)
        h.frames(10)
        h.tap(.escape)
        #expect(h.app.screen == .end)
        #expect(h.app.watch == nil)
        #expect(h.app.drawing === d)
        #expect(h.app.canvas === d.session.canvas)
        h.tap(.h)
        h.tap(.g)
        #expect(h.app.screen == .gallery)
        h.tap(.w)
        #expect(h.app.screen == .watch)
        #expect(h.app.watch?.id == d.id)
        h.frames(1300)
        #expect(h.app.watch?.canvas.pixelBytes == (try h.store.open(d.id)).session.canvas.pixelBytes)
        h.tap(.escape)
        #expect(h.app.screen == .gallery)
    }

    @Test("The Watch buttons work with the pointer as the keys do")
    func buttons() throws {
        let h = try AppHarness()
        _ = try Self.finished(h)
        let watch = try #require(h.scene.buttons.first { $0.action == .watch(h.app.drawing!.id) })
        h.frame(.pointerDown(watch.rect.center), .pointerUp(watch.rect.center))
        #expect(h.app.screen == .watch)
        let pause = try #require(h.scene.buttons.first { $0.action == .watchPause })
        h.frame(.pointerDown(pause.rect.center), .pointerUp(pause.rect.center))
        #expect(h.app.watch?.paused == true)
        let faster = try #require(h.scene.buttons.first { $0.action == .watchSpeed(1) })
        h.frame(.pointerDown(faster.rect.center), .pointerUp(faster.rect.center))
        #expect(h.app.watch?.speed == 2)
        let back = try #require(h.scene.buttons.first { $0.action == .back })
        h.frame(.pointerDown(back.rect.center), .pointerUp(back.rect.center))
        #expect(h.app.screen == .end)
    }

    @Test("T saves the time-lapse beside the picture through the encoder given; none given is a message")
    func saveTimelapse() throws {
        let bare = try AppHarness()
        _ = try Self.finished(bare)
        bare.tap(.t)
        #expect(bare.app.notice == "Time-lapses cannot be saved here.")
        let h = try AppHarness(temp: TempStore(timelapse: Self.encoder()))
        let d = try Self.finished(h)
        h.tap(.t)
        Self.waitForFilm(h)
        let path = h.temp.root + "/exports/marble-\(d.id).webp"
        #expect(h.app.lastExport == path)
        #expect(h.app.notice?.contains(path) == true)
        let animation = try WebPAnimation.decode([UInt8](try #require(FileManager.default.contents(atPath: path))))
        #expect(animation.frames.count == 11)
        #expect(animation.frames.last?.rgba == d.session.canvas.pixelBytes)
    }

    /// A WebP encoder of 11 frames (1 s at 10 fps) that reports its progress; with `gate`, each
    /// frame first waits for the gate (a test holds the film mid-way).
    static func encoder(gate: DispatchSemaphore? = nil) -> Environment.TimelapseEncoder {
        { history, progress in
            let writer = try WebPAnimationWriter(width: history.configuration.canvasWidth, height: history.configuration.canvasHeight)
            let plan = Timelapse(seconds: 1, fps: 10)
            try HistoryPlayer(history).frames(of: plan) {
                gate?.wait()
                try writer.add(rgba: $0.rgba, milliseconds: $0.milliseconds)
                try progress(Double($0.index + 1) / Double(plan.frameCount + 1))
            }
            return try writer.finish()
        }
    }

    /// Frames until the film being made has ended (at most 20 s).
    static func waitForFilm(_ h: AppHarness) {
        let deadline = Date().addingTimeInterval(20)
        h.frame()
        while h.app.drawings.filmProgress != nil && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            h.frame()
        }
    }

    @Test("Film runs off the frame loop: frames go on, the button shows how far, a second press does nothing")
    func filmOffTheLoop() throws {
        let gate = DispatchSemaphore(value: 0)
        let h = try AppHarness(temp: TempStore(timelapse: Self.encoder(gate: gate)))
        let d = try Self.finished(h)
        h.tap(.t)
        // The encoder is held at its first frame: the window goes on drawing frames meanwhile.
        let frames = h.platform.frames
        h.frames(30)
        #expect(h.platform.frames == frames + 30)
        #expect(h.app.drawings.filmProgress == 0)
        #expect(h.scene.texts.contains("0%"), "\(h.scene.texts)")
        h.tap(.t)
        for _ in 0..<5 { gate.signal() }
        let deadline = Date().addingTimeInterval(10)
        while (h.app.drawings.filmProgress ?? 0) < 0.4 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01); h.frame() }
        #expect(h.scene.texts.contains { $0.hasSuffix("%") && $0 != "0%" }, "\(h.scene.texts)")
        for _ in 0..<20 { gate.signal() }
        Self.waitForFilm(h)
        let path = h.temp.root + "/exports/marble-\(d.id).webp"
        #expect(h.app.lastExport == path)
        #expect(h.scene.texts.contains("Film"))
        let animation = try WebPAnimation.decode([UInt8](try #require(FileManager.default.contents(atPath: path))))
        #expect(animation.frames.count == 11)
    }

    @Test("Drawing more while Film runs: the film ends at the picture Film was pressed on")
    func drawOnWhileFilming() throws {
        let gate = DispatchSemaphore(value: 0)
        let h = try AppHarness(temp: TempStore(timelapse: Self.encoder(gate: gate)))
        let d = try Self.finished(h)
        let pressed = d.session.canvas.pixelBytes
        h.tap(.t)
        h.tap(.c)
        #expect(h.app.screen == .drawing)
        h.hold(.up, frames: 60)
        #expect(d.session.canvas.pixelBytes != pressed, "drawing more changed the picture")
        try d.save()
        for _ in 0..<20 { gate.signal() }
        Self.waitForFilm(h)
        let path = h.temp.root + "/exports/marble-\(d.id).webp"
        let animation = try WebPAnimation.decode([UInt8](try #require(FileManager.default.contents(atPath: path))))
        #expect(animation.frames.count == 11)
        #expect(animation.frames.last?.rgba == pressed, "the film's last frame is the picture when Film was pressed")
    }

    @Test("Quitting mid-film keeps the drawing and leaves no file, torn or whole")
    func quitMidFilm() throws {
        let gate = DispatchSemaphore(value: 0)
        let h = try AppHarness(temp: TempStore(timelapse: Self.encoder(gate: gate)))
        let d = try Self.finished(h)
        h.tap(.t)
        for _ in 0..<3 { gate.signal() }
        h.frames(2)
        // Ctrl+Q while the encoder is held: quitting cancels it, and nothing is written.
        try h.quit(holding: try #require(h.app.drawings.film), at: gate, times: 20, drawing: d)
    }
}
