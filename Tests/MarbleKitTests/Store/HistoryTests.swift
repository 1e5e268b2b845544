import Foundation
import Testing
@testable import MarbleKit

/// Undo and redo of whole strokes, and clearing as a step that can be undone.
@Suite("Session: undo, redo, clear")
struct HistoryTests {
    /// A drawing of three pen-down runs with the ball rolling right, then down, then left.
    static func threeStrokes(_ session: DrawingSession, from t0: Double = 0) throws {
        let moves: [(Vec2, Bool)] = [(Vec2(1, 0), true), (Vec2(0, 0), false), (Vec2(0, -1), true),
                                     (Vec2(0, 0), false), (Vec2(-1, 0), true), (Vec2(0, 0), false)]
        var t = t0
        for (tilt, pen) in moves {
            for _ in 0..<30 {
                try session.feed([Sample(t: t, tilt: tilt, heading: t * 40, penDown: pen)])
                t += 1.0 / 60
            }
        }
    }

    static func hash(_ c: Canvas) -> String { c.withPixelBytes { SHA256.hex($0) } }

    static var configuration: SessionConfiguration {
        SessionConfiguration(mode: .fake, canvasWidth: 400, canvasHeight: 300)
    }

    /// The picture of `strokes` painted on a blank canvas.
    static func painted(_ strokes: [Stroke]) -> String {
        var pen = Canvas.Pen()
        let c = Canvas(width: 400, height: 300)
        for s in strokes { c.draw(s, pen: &pen) }
        return hash(c)
    }

    @Test func undoTakesBackTheLastStrokeAndRedoBringsItBack() throws {
        let s = DrawingSession(configuration: Self.configuration)
        try Self.threeStrokes(s)
        #expect(s.strokes.count == 3)
        let full = Self.hash(s.canvas)
        #expect(full == Self.painted(s.strokes), "re-rendering must match live painting bit for bit")

        #expect(s.undo())
        #expect(s.visibleStrokes == Array(s.strokes.prefix(2)))
        #expect(Self.hash(s.canvas) == Self.painted(Array(s.strokes.prefix(2))))
        #expect(s.undo())
        #expect(s.undo())
        #expect(!s.undo())
        #expect(Self.hash(s.canvas) == Self.painted([]))
        #expect(s.segmentCount == 0)
        #expect(s.redo() && s.redo() && s.redo())
        #expect(!s.redo())
        #expect(Self.hash(s.canvas) == full)
    }

    @Test func clearIsAStepThatCanBeUndone() throws {
        let s = DrawingSession(configuration: Self.configuration)
        try Self.threeStrokes(s)
        let full = Self.hash(s.canvas)
        #expect(s.clearCanvas())
        #expect(Self.hash(s.canvas) == Self.painted([]))
        #expect(!s.clearCanvas(), "a blank canvas has nothing to clear")
        #expect(s.undo())
        #expect(Self.hash(s.canvas) == full)
    }

    @Test func aNewStrokeForgetsWhatCouldBeRedone() throws {
        let s = DrawingSession(configuration: Self.configuration)
        try Self.threeStrokes(s)
        s.undo()
        s.undo()
        #expect(s.canRedo)
        try s.feed([Sample(t: 10, tilt: Vec2(0, 1), penDown: true)])
        try s.feed([Sample(t: 10.5, tilt: .zero, penDown: false)])
        #expect(!s.canRedo)
        #expect(s.strokes.count == 2, "the undone stroke is gone, the new one is kept")
        #expect(Self.hash(s.canvas) == Self.painted(s.strokes))
    }

    @Test func undoWithThePenDownWaitsForTheBallToMove() throws {
        let s = DrawingSession(configuration: Self.configuration)
        try s.feed([Sample(t: 0, tilt: Vec2(1, 0), penDown: true)])
        try s.feed([Sample(t: 0.5, tilt: .zero, penDown: true)])    // the ball stops, pen still down
        #expect(s.undo())
        #expect(s.canRedo)
        try s.feed([Sample(t: 1, tilt: .zero, penDown: true)])      // still at rest: redo still possible
        #expect(s.canRedo)
        #expect(s.redo())
        #expect(s.undo())
        try s.feed([Sample(t: 1.5, tilt: Vec2(0, 1), penDown: true)])
        try s.feed([Sample(t: 2, tilt: .zero, penDown: true)])      // it moved: a new stroke began
        #expect(!s.canRedo)
        #expect(s.visibleStrokes.count == 1)
        #expect(s.visibleStrokes[0].points.count > 10)
    }

    @Test("undo from saved pictures of the history matches painting the visible strokes afresh")
    func undoFromSavedPicturesIsExact() throws {
        let s = DrawingSession(configuration: Self.configuration)
        var t = 0.0
        func stroke(_ k: Int) throws {
            let a = Double(k) * 0.7
            for i in 0..<12 {
                try s.feed([Sample(t: t, tilt: Vec2(cos(a + Double(i) * 0.2), sin(a)), heading: Double(k * 37 % 360), penDown: true)])
                t += 1.0 / 30
            }
            try s.feed([Sample(t: t, tilt: .zero, penDown: false)])
            t += 0.5
        }
        var rng = SplitMix64(seed: 7)
        for k in 0..<45 {
            try stroke(k)
            if k == 20 { s.clearCanvas() }
        }
        #expect(s.undoBases.bases.count >= 4)
        // A random walk of undos, redos, new strokes and clears, checked against a fresh painting.
        for step in 0..<60 {
            switch rng.next() % 10 {
            case 0..<5: s.undo()
            case 5..<8: s.redo()
            case 8: try stroke(100 + step)
            default: s.clearCanvas()
            }
            #expect(Self.hash(s.canvas) == Self.painted(s.visibleStrokes), "step \(step)")
        }
    }
}
