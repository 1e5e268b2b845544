import Testing
@testable import MarbleKit

/// A session two children draw in: both marbles move each step, meet without passing through
/// each other, paint their own colours, and replay to the same pixels every time. Distances
/// are checked to 1e-9 px (a few ulps of canvas coordinates).
@Suite("Session: two marbles")
struct TwoMarbleSessionTests {
    static let configuration = SessionConfiguration(mode: .real, difficulty: .normal, canvasWidth: 640, canvasHeight: 400)
    static let tolerance = 1e-9

    /// Rows at 60 Hz for `seconds`: marble 1's and marble 2's samples from `rows(t)`.
    static func feed(_ s: DrawingSession, seconds: Double, from t0: Double = 0,
                     _ rows: (Double) -> (Sample, Sample), check: (DrawingSession) -> Void = { _ in }) throws {
        for i in 0..<Int(seconds * 60) {
            let t = t0 + Double(i) / 60
            let (a, b) = rows(t)
            try s.feed([a, b])
            check(s)
        }
    }

    /// Head on at full tilt, pens down, red and blue.
    static func headOn(_ t: Double) -> (Sample, Sample) {
        (Sample(t: t, tilt: Vec2(1, 0), heading: 0, penDown: true), Sample(t: t, tilt: Vec2(-1, 0), heading: 240, penDown: true))
    }

    @Test("Marbles start at a third and two thirds of the width, at mid-height")
    func start() {
        let s = DrawingSession(marbles: 2, Self.configuration)
        #expect(s.marbles[0].ball.position == Vec2(640.0 / 3, 200))
        #expect(s.marbles.dropFirst().first?.ball.position == Vec2(2 * 640.0 / 3, 200))
    }

    @Test("Driven at each other at full tilt they never overlap, and bounce back", arguments: [PhysicsMode.real, .fake])
    func neverOverlap(mode: PhysicsMode) throws {
        var c = Self.configuration
        c.mode = mode
        let s = DrawingSession(marbles: 2, c)
        let diameter = 2 * c.parameters.ballRadius
        var closest = Double.infinity
        var bouncedBack = false, met = false
        try Self.feed(s, seconds: 4, Self.headOn) { s in
            let gap = (s.marbles[1].ball.position - s.marbles[0].ball.position).length
            closest = min(closest, gap)
            // Within 2 px of touching: samples come every four steps, after the bounce.
            if gap <= diameter + 2 { met = true }
            if met && s.marbles[0].ball.velocity.x < 0 { bouncedBack = true }
            #expect(s.marbles[0].ball.position.x < s.marbles[1].ball.position.x, "marble 1 stays on its side")
        }
        #expect(met)
        #expect(closest >= diameter - Self.tolerance, "closest \(closest) px")
        if mode == .real { #expect(bouncedBack, "marble 1 comes back after they meet") }
    }

    @Test("The same two inputs give the same pixels twice, and both marbles' paint is there")
    func deterministic() throws {
        func run() throws -> DrawingSession {
            let s = DrawingSession(marbles: 2, Self.configuration)
            try Self.feed(s, seconds: 6) { t in
                (Sample(t: t, tilt: Vec2(0.8 * Maths.cos(1.1 * t), 0.6 * Maths.sin(0.7 * t)), heading: 0, penDown: true),
                 Sample(t: t, tilt: Vec2(-0.7 * Maths.sin(0.9 * t), 0.8 * Maths.cos(1.3 * t)), heading: 240, penDown: t < 5))
            }
            return s
        }
        let a = try run(), b = try run()
        #expect(a.canvas.pixelBytes == b.canvas.pixelBytes)
        // Red (heading 0) and blue (heading 240) pixels, each far from the background.
        let red = HeadingColor.color(heading: 0), blue = HeadingColor.color(heading: 240)
        var reds = 0, blues = 0
        for y in 0..<400 { for x in 0..<640 {
            let p = a.canvas.pixel(x: x, y: y)
            if p == red { reds += 1 }
            if p == blue { blues += 1 }
        } }
        #expect(reds > 500 && blues > 500, "\(reds) red and \(blues) blue pixels")
        // Marble 2's pen lifted at 5 s: its stroke is closed, marble 1's still open.
        #expect(a.marbles.dropFirst().first?.input?.penDown == false && a.marbles[0].penDown)
        #expect(a.strokes.count == 2)
    }

    @Test("Undo takes back the last stroke of either marble, in the order they were made, then painting goes on")
    func undo() throws {
        var pen = Canvas.Pen()
        let s = DrawingSession(marbles: 2, Self.configuration)
        // Marble 1 draws 0–1 s, marble 2 1.5–2.5 s, marble 1 again from 2 s: three strokes.
        try Self.feed(s, seconds: 3.5) { t in
            (Sample(t: t, tilt: Vec2(0.3, 0.4), heading: 0, penDown: t < 1 || t >= 2),
             Sample(t: t, tilt: Vec2(-0.3, -0.4), heading: 240, penDown: t >= 1.5 && t < 2.5))
        }
        #expect(s.strokes.count == 3)
        let first = s.strokes[0].points.first?.color, second = s.strokes[1].points.first?.color
        #expect(first == HeadingColor.color(heading: 0) && second == HeadingColor.color(heading: 240))
        #expect(s.undo())
        // The last made (marble 1's second, still open) goes; the canvas shows the first two.
        let check = Canvas(width: 640, height: 400, background: Self.configuration.background)
        check.draw(s.strokes[0], pen: &pen)
        check.draw(s.strokes[1], pen: &pen)
        let same = s.canvas.pixelBytes == check.pixelBytes
        #expect(same)
        #expect(s.undo())
        let check1 = Canvas(width: 640, height: 400, background: Self.configuration.background)
        check1.draw(s.strokes[0], pen: &pen)
        let same1 = s.canvas.pixelBytes == check1.pixelBytes
        #expect(same1, "marble 2's stroke goes next")
        // Marble 1's pen is still down: it paints again as soon as it moves.
        let before = s.strokes.count
        try Self.feed(s, seconds: 0.5, from: 3.5) { t in
            (Sample(t: t, tilt: Vec2(-0.5, 0.2), heading: 0, penDown: true), Sample(t: t, tilt: .zero, heading: 240, penDown: false))
        }
        #expect(s.history.count == 2 && s.strokes.count <= before + 1)
    }

    @Test("Undo then redo gives back the very picture two marbles painted at once, where their trails cross")
    func undoRedoCrossing() throws {
        var pen = Canvas.Pen()
        let s = DrawingSession(marbles: 2, Self.configuration)
        // Both pens down all along: two strokes painted at once, their trails crossing.
        try Self.feed(s, seconds: 8) { t in
            (Sample(t: t, tilt: Vec2(0.9 * Maths.cos(1.7 * t), 0.8 * Maths.sin(1.1 * t)), heading: 0, penDown: true),
             Sample(t: t, tilt: Vec2(-0.8 * Maths.sin(1.3 * t), 0.9 * Maths.cos(0.8 * t)), heading: 240, penDown: true))
        }
        #expect(s.strokes.count == 2)
        let live = s.canvas.pixelBytes
        // Painted one whole and then the other, the picture is not the one they made.
        let whole = Canvas(width: 640, height: 400, background: Self.configuration.background)
        for stroke in s.strokes { whole.draw(stroke, pen: &pen) }
        let differs = whole.pixelBytes != live
        #expect(differs, "the trails cross, so the order of the pieces shows")
        #expect(s.undo() && s.undo())
        #expect(s.redo() && s.redo())
        let same = s.canvas.pixelBytes == live
        #expect(same, "undo and redo paint the pieces again in the order they were painted")
        // A clear, undone, the same.
        #expect(s.clearCanvas() && s.undo())
        let again = s.canvas.pixelBytes == live
        #expect(again)
    }

    @Test("A row of another length than the marble count is refused and changes nothing")
    func rowOfAnotherLength() throws {
        let a = DrawingSession(configuration: Self.configuration), b = DrawingSession(configuration: Self.configuration)
        for i in 0..<120 {
            let (x, y) = Self.headOn(Double(i) / 60)
            #expect(throws: SessionError.rowSize(2, marbles: 1)) { try a.feed([x, y]) }
            try a.feed([x])
            try b.feed([x])
        }
        #expect(a.marbles.count == 1)
        #expect(a.canvas.pixelBytes == b.canvas.pixelBytes && a.marbles[0].ball == b.marbles[0].ball && a.acceptedSamples == b.acceptedSamples)
        let two = DrawingSession(marbles: 2, Self.configuration)
        #expect(throws: SessionError.rowSize(1, marbles: 2)) { try two.feed([Sample(t: 0, tilt: .zero)]) }
        #expect(two.origin == nil)
    }
}
