import Foundation
import Testing
@testable import MarbleKit

/// The eraser and the pen widths: the ball painting the background back with the same
/// coverage rule, a tool change starting a stroke of its own, and both recorded everywhere.
@Suite("Eraser and widths")
struct EraserTests {
    static let configuration = SessionConfiguration(mode: .fake, canvasWidth: 320, canvasHeight: 200)

    /// Rolls right for a second, then back left over the same line with `back`'s tool.
    static func there(and back: (Double) -> Sample) throws -> DrawingSession {
        let s = DrawingSession(configuration: configuration)
        for k in 0...60 { try s.feed([Sample(t: Double(k) / 60, tilt: Vec2(0.5, 0))]) }
        for k in 61...180 { try s.feed([back(Double(k) / 60)]) }
        return s
    }

    @Test("erasing back over a stroke with a wider eraser gives the blank canvas back, exactly")
    func erasesExactly() throws {
        let s = try Self.there { t in Sample(t: t, tilt: Vec2(-0.5, 0), width: 40, erase: true) }
        #expect(s.strokes.count == 2, "the eraser pass is a stroke of its own")
        #expect(s.strokes[1].width == 40)
        let blank = Canvas(width: 320, height: 200, background: Self.configuration.background)
        // The eraser's ends stop short of the stroke's first dot only where the ball turned:
        // everything the eraser covered is the background, byte for byte.
        var painted = 0
        s.canvas.pixelBytes.withUnsafeBufferPointer { p in
            blank.pixelBytes.withUnsafeBufferPointer { b in
                for i in stride(from: 0, to: p.count, by: 4) where p[i] != b[i] || p[i + 1] != b[i + 1] || p[i + 2] != b[i + 2] { painted += 1 }
            }
        }
        #expect(painted == 0, "\(painted) pixels still painted")
        #expect(s.marbles[0].erasing)
    }

    @Test("an eraser pass is one undo step, and undo brings the paint back exactly")
    func eraserUndo() throws {
        let paintOnly = DrawingSession(configuration: Self.configuration)
        for k in 0...60 { try paintOnly.feed([Sample(t: Double(k) / 60, tilt: Vec2(0.5, 0))]) }
        try paintOnly.feed([Sample(t: 61.0 / 60, tilt: Vec2(0.5, 0), penDown: false)])
        let s = try Self.there { t in Sample(t: t, tilt: Vec2(-0.5, 0), erase: true) }
        let history = s.history.count
        #expect(s.undo())
        #expect(s.history.count == history - 1)
        // The first stroke, ended where the eraser began, is what is left.
        #expect(s.visibleStrokes.count == 1)
        #expect(s.visibleStrokes[0].points.allSatisfy { $0.color != Self.configuration.background })
    }

    @Test("a fat pen paints a wider line than the difficulty's, a thin one a narrower")
    func widths() throws {
        func inked(_ width: Double?) throws -> Int {
            let s = DrawingSession(configuration: Self.configuration)
            for k in 0...60 { try s.feed([Sample(t: Double(k) / 60, tilt: Vec2(0.5, 0), width: width)]) }
            let bg = Self.configuration.background
            var n = 0
            s.canvas.pixelBytes.withUnsafeBufferPointer { p in
                for i in stride(from: 0, to: p.count, by: 4) where p[i] != bg.r || p[i + 1] != bg.g || p[i + 2] != bg.b { n += 1 }
            }
            return n
        }
        let own = try inked(nil), fat = try inked(25), thin = try inked(4)
        #expect(fat > own * 2 && thin < own / 2, "thin \(thin), own \(own), fat \(fat)")
        // Nil and the difficulty's own width are the same pen.
        #expect(try inked(Self.configuration.parameters.penWidth) == own)
    }

    @Test("a width out of 1–64 is clamped by the session; NaN drops the sample")
    func clamping() throws {
        let s = DrawingSession(configuration: Self.configuration)
        try s.feed([Sample(t: 0, tilt: .zero, width: 500)])
        #expect(s.marbles[0].penWidth(s.configuration) == 64)
        #expect(try s.feed([Sample(t: 0.1, tilt: .zero, width: .nan)]) == .dropped(.notFinite("width")))
    }

    @Test("a drawing with tools continued from its state equals the one long run")
    func continuation() throws {
        let samples = (0...240).map { k -> Sample in
            let t = Double(k) / 60
            return Sample(t: t, tilt: Vec2(0.5 * cos(t), 0.5 * sin(t)), heading: t * 40,
                          width: k < 80 ? nil : (k < 160 ? 30 : 3), erase: k >= 120 && k < 200)
        }
        let whole = DrawingSession(configuration: Self.configuration)
        for x in samples { try whole.feed([x]) }
        let first = DrawingSession(configuration: Self.configuration)
        for x in samples[..<130] { try first.feed([x]) }
        let rest = try DrawingSession(restoring: first.state)
        for x in samples[130...] { try rest.feed([x]) }
        #expect(rest.canvas.pixelBytes == whole.canvas.pixelBytes)
        #expect(rest.strokes == whole.strokes)
        #expect(rest.marbles[0].movement == whole.marbles[0].movement)
    }
}
