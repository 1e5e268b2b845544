import Foundation
import Testing
@testable import MarbleKit

/// Playing a drawing's history from a blank canvas: the finished picture is the stored one,
/// every moment on the way is what the drawing showed then, and undo, redo and clear are seen.
@Suite("History: playing a drawing's journal")
struct HistoryPlayerTests {
    static let configuration = SessionConfiguration(mode: .fake, canvasWidth: 300, canvasHeight: 200)

    /// Pen-down runs of 20 samples at 60 Hz with a pen lift between; `edit(k, drawing)` after run k.
    static func draw(_ d: StoredDrawing, runs: Int, edit: (Int, StoredDrawing) throws -> Void = { _, _ in }) throws -> [Sample] {
        var fed: [Sample] = []
        var t = 0.0
        for k in 0..<runs {
            let tilt = Vec2(cos(Double(k)), sin(Double(k) * 1.7))
            for pen in [true, false] {
                for _ in 0..<20 {
                    let s = Sample(t: t, tilt: tilt, heading: t * 50, penDown: pen)
                    try d.feed([s])
                    fed.append(s)
                    t += 1.0 / 60
                }
                // A save now and then: the history is several records, as a live drawing's is.
                if fed.count % 30 == 0 { try d.save() }
            }
            try edit(k, d)
        }
        return fed
    }

    /// A drawing with every kind of edit: undo, redo, clear, and an undo of the clear.
    static func edited(_ scratch: StoreScratch) throws -> (StoredDrawing, [Sample]) {
        let d = try scratch.store().create(configuration: configuration)
        let fed = try draw(d, runs: 8) { k, d in
            switch k {
            case 2: try d.undo()
            case 3: try d.undo(); try d.redo()
            case 5: try d.clearCanvas()
            case 6: try d.undo()
            default: break
            }
        }
        try d.save()
        return (d, fed)
    }

    @Test("The finished picture is the stored drawing's, bit for bit, with the same report")
    func finishedEqualsStored() throws {
        let scratch = try StoreScratch()
        let (d, _) = try Self.edited(scratch)
        let player = HistoryPlayer(try scratch.store().history(of: d.id))
        #expect(!player.isFinished)
        player.playToEnd()
        #expect(player.isFinished)
        #expect(player.failure == nil)
        #expect(player.canvas.pixelBytes == d.session.canvas.pixelBytes)
        #expect(player.drawing.report() == d.session.report())
        try d.close()
    }

    @Test("The history as of a journal length is the drawing as it was then, whatever was drawn after")
    func asOfLength() throws {
        let scratch = try StoreScratch()
        let (d, fed) = try Self.edited(scratch)
        let then = d.session.canvas.pixelBytes, length = d.journalLength
        for k in 1...60 { try d.feed([Sample(t: fed.last!.t + Double(k) / 60, tilt: Vec2(-0.8, 0.5), heading: 200)]) }
        try d.save()
        #expect(d.journalLength > length && d.session.canvas.pixelBytes != then)
        let player = HistoryPlayer(try scratch.store().history(of: d.id, journalLength: length))
        player.playToEnd()
        #expect(player.failure == nil)
        #expect(player.canvas.pixelBytes == then)
        let now = HistoryPlayer(try scratch.store().history(of: d.id))
        now.playToEnd()
        #expect(now.canvas.pixelBytes == d.session.canvas.pixelBytes)
        try d.close()
    }

    @Test("At any moment the canvas is a session fed the samples up to then")
    func momentsMatchAFreshSession() throws {
        let scratch = try StoreScratch()
        let d = try scratch.store().create(configuration: Self.configuration)
        let fed = try Self.draw(d, runs: 5)
        try d.close()
        let history = try scratch.store().history(of: d.id)
        #expect(history.startTime == 0)
        #expect(history.endTime == fed.last!.t)
        #expect(history.sampleCount == fed.count)
        let player = HistoryPlayer(history)
        for target in [0.0, 0.2, 0.51, 1.0, 1.7, 2.9, history.endTime] {
            player.play(until: target)
            let reference = DrawingSession(configuration: Self.configuration)
            for s in fed where s.t <= target { try reference.feed([s]) }
            #expect(player.canvas.pixelBytes == reference.canvas.pixelBytes, "at \(target) s")
            #expect(player.time == reference.marbles[0].input!.t)
        }
    }

    @Test("Playing with a small budget per call reaches exactly what one call does")
    func budgetedEqualsWhole() throws {
        let scratch = try StoreScratch()
        let (d, _) = try Self.edited(scratch)
        try d.close()
        let history = try scratch.store().history(of: d.id)
        let whole = HistoryPlayer(history), pieces = HistoryPlayer(history)
        var calls = 0
        for target in stride(from: 0.0, through: history.endTime + 1, by: 0.37) {
            whole.play(until: target)
            while !pieces.play(until: target, budget: 7) { calls += 1 }
            #expect(pieces.canvas.pixelBytes == whole.canvas.pixelBytes, "at \(target) s")
            #expect(pieces.time == whole.time)
        }
        #expect(calls > 20, "the budget did cut the playing into pieces")
        #expect(pieces.isFinished && whole.isFinished)
    }

    @Test("An undo, a redo and a clear are seen on the way, at the time they were made")
    func editsAreSeen() throws {
        let scratch = try StoreScratch()
        let d = try scratch.store().create(configuration: Self.configuration)
        var marks: [String: (t: Double, pixels: [UInt8])] = [:]
        _ = try Self.draw(d, runs: 4) { k, d in
            let t = d.session.marbles[0].input!.t
            if k == 1 { marks["before undo"] = (t, d.session.canvas.pixelBytes); try d.undo(); marks["undone"] = (t, d.session.canvas.pixelBytes) }
            if k == 2 { try d.clearCanvas(); marks["cleared"] = (t, d.session.canvas.pixelBytes) }
        }
        try d.close()
        let player = HistoryPlayer(try scratch.store().history(of: d.id))
        // Everything at an edit's moment is played, the edit included.
        player.play(until: marks["undone"]!.t)
        #expect(player.canvas.pixelBytes == marks["undone"]!.pixels)
        #expect(player.canvas.pixelBytes != marks["before undo"]!.pixels, "the undo took a stroke back")
        player.play(until: marks["cleared"]!.t)
        #expect(player.canvas.pixelBytes == marks["cleared"]!.pixels)
        #expect(player.canvas.inkStatistics().pixels == 0, "a clear leaves a blank canvas")
        player.restart()
        #expect(player.canvas.inkStatistics().pixels == 0 && player.time == 0 && !player.isFinished)
    }

    @Test("Frames: count + 1 of them, from a blank canvas, growing, the last the finished picture")
    func frames() throws {
        let scratch = try StoreScratch()
        let d = try scratch.store().create(configuration: Self.configuration)
        _ = try Self.draw(d, runs: 6)
        try d.close()
        let history = try scratch.store().history(of: d.id)
        let player = HistoryPlayer(history)
        #expect(player.frameTimes(count: 4) == [0, history.span / 4, history.span / 2, history.span * 3 / 4])
        var ink: [Int] = []
        var last: [UInt8] = []
        player.playFrames(count: 12) { k, canvas in
            #expect(k == ink.count)
            ink.append(canvas.inkStatistics().pixels)
            last = canvas.pixelBytes
        }
        #expect(ink.count == 13)
        #expect(ink[0] < 200, "the first frame is the first sample's dot at most")
        #expect(ink == ink.sorted(), "no undo: the paint only grows")
        #expect(ink[6] > ink[0] && ink[12] > ink[6])
        let stored = try scratch.store().open(d.id)
        #expect(last == stored.session.canvas.pixelBytes)
        try stored.close()
    }

    @Test("A time-lapse plan: seconds · fps frames whose durations add up to the seconds")
    func plan() {
        let p = Timelapse(seconds: 10, fps: 30)
        #expect(p.frameCount == 300)
        #expect((0..<300).reduce(0) { $0 + p.milliseconds(ofFrame: $1) } == 10_000)
        #expect(Set((0..<300).map { p.milliseconds(ofFrame: $0) }) == [33, 34])
        #expect(Timelapse(seconds: 2.5, fps: 24).frameCount == 60)
        #expect(Timelapse(seconds: 0.01, fps: 1).frameCount == 1)
    }

    @Test("Time-lapse frames are scaled to the plan's width; at the canvas's width they are its pixels")
    func scaledFrames() throws {
        let scratch = try StoreScratch()
        let d = try scratch.store().create(configuration: Self.configuration)
        _ = try Self.draw(d, runs: 3)
        try d.close()
        let player = HistoryPlayer(try scratch.store().history(of: d.id))
        var sizes: [String] = []
        player.frames(of: Timelapse(seconds: 1, fps: 5, width: 150)) { sizes.append("\($0.width)×\($0.height) \($0.rgba.count)") }
        #expect(sizes == Array(repeating: "150×100 60000", count: 6))
        var full: TimelapseFrame?
        player.frames(of: Timelapse(seconds: 1, fps: 5)) { full = $0 }
        #expect(full?.index == 5 && full?.width == 300 && full?.rgba == player.canvas.pixelBytes)
    }

    @Test("Shrinking averages the pixels each covers; the canvas's own width copies")
    func scaledPixels() {
        let c = Canvas(width: 4, height: 2, background: RGBA8(0, 0, 0))
        c.restorePicture([
            10, 20, 30, 255,  30, 40, 50, 255,  0, 0, 0, 255,  255, 255, 255, 255,
            50, 60, 70, 255,  70, 80, 90, 255,  0, 0, 0, 255,  255, 255, 255, 255,
        ])
        let half = c.scaledPixels(width: 2)
        #expect(half.width == 2 && half.height == 1)
        #expect(half.rgba == [40, 50, 60, 255, 128, 128, 128, 255])
        #expect(c.scaledPixels(width: 4).rgba == c.pixelBytes)
        #expect(c.scaledPixels(width: 9).width == 4, "never wider than the canvas")
        // The gallery's thumbnail is the same box filter, fitted into a box.
        let thumb = c.pixelBytes.withUnsafeBytes { Canvas.thumbnail(of: $0, width: 4, height: 2, maxWidth: 2, maxHeight: 5) }
        #expect(thumb == Canvas.Picture(width: 2, height: 1, pixels: [40, 50, 60, 255, 128, 128, 128, 255]))
    }

    @Test("Opening a drawing and playing its history read every record through one function")
    func oneEntryPoint() throws {
        // A drawing replayed from its journal alone (no snapshot) is the history's finished picture.
        let scratch = try StoreScratch()
        let (d, _) = try Self.edited(scratch)
        try d.close()
        try FileManager.default.removeItem(atPath: scratch.folder(d.id) + "/snapshot")
        let reopened = try scratch.store().open(d.id)
        let player = HistoryPlayer(try scratch.store().history(of: d.id))
        player.playToEnd()
        #expect(reopened.session.canvas.pixelBytes == player.canvas.pixelBytes)
        #expect(reopened.session.history == player.drawing.history)
        try reopened.close()
    }

    @Test("An unknown drawing is not found")
    func unknown() throws {
        let scratch = try StoreScratch()
        #expect(throws: StoreError.notFound(id: "nope")) { try scratch.store().history(of: "nope") }
    }
}

extension HistoryPlayerTests {
    @Test("A time-lapse's frames show every marble's ball where it was (ringed in its player's colour with several); the last frame is the picture alone")
    func filmShowsTheBalls() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let d = try store.create(configuration: { var c = SessionConfiguration(mode: .fake, canvasWidth: 300, canvasHeight: 200); c.marbles = 2; return c }())
        for i in 0..<120 {
            let t = Double(i) / 60
            try d.feed([Sample(t: t, tilt: Vec2(0.5, 0), heading: 0, penDown: true), Sample(t: t, tilt: Vec2(-0.5, 0), heading: 180, penDown: false)])
        }
        try d.close()
        let player = HistoryPlayer(try store.history(of: d.id))
        var frames: [TimelapseFrame] = []
        player.frames(of: Timelapse(seconds: 1, fps: 4)) { frames.append($0) }
        #expect(frames.count == 5)
        let last = try #require(frames.last)
        #expect(last.rgba == player.canvas.pixelBytes, "the finished picture, no ball")
        // In the middle frame: marble 2 (pen up) is a white disc ringed in sky blue somewhere
        // right of the middle; marble 1's ball is red, ringed in orange.
        let mid = frames[2]
        func has(_ c: RGBA8) -> Bool {
            stride(from: 0, to: mid.rgba.count, by: 4).contains { abs(Int(mid.rgba[$0]) - Int(c.r)) < 6 && abs(Int(mid.rgba[$0 + 1]) - Int(c.g)) < 6 && abs(Int(mid.rgba[$0 + 2]) - Int(c.b)) < 6 }
        }
        #expect(has(PlayerColors.color(of: 0)) && has(PlayerColors.color(of: 1)), "both rings")
        #expect(has(RGBA8(250, 250, 250)), "the pen-up ball's white")
        var again: [TimelapseFrame] = []
        player.frames(of: Timelapse(seconds: 1, fps: 4)) { again.append($0) }
        #expect(again.map(\.rgba) == frames.map(\.rgba), "the same film twice")
    }
}
