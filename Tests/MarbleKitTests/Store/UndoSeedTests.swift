import Foundation
import Testing
@testable import MarbleKit

/// Undo's pictures painted in the background after a reopen: the first undo is a copy, and
/// every undo gives the same pixels as painting the visible strokes afresh.
@Suite("Store: undo pictures after a reopen")
struct UndoSeedTests {
    /// Twelve pen-down runs separated by pen lifts, a clear after the fifth.
    static func strokes(_ d: StoredDrawing) throws {
        var t = 0.0
        for k in 0..<12 {
            let tilt = Vec2(cos(Double(k)), sin(Double(k) * 1.7))
            for pen in [true, false] {
                for _ in 0..<20 {
                    try d.feed([Sample(t: t, tilt: tilt, heading: t * 50, penDown: pen)])
                    t += 1.0 / 60
                }
            }
            if k == 4 { try d.clearCanvas() }
        }
    }

    static func painted(_ d: StoredDrawing) -> [UInt8] {
        var pen = Canvas.Pen()
        let s = d.live
        let c = Canvas(width: s.canvas.width, height: s.canvas.height, background: s.canvas.background)
        for stroke in s.visibleStrokes { c.draw(stroke, pen: &pen) }
        return c.pixelBytes
    }

    @Test("After a reopen the picture before the last step is ready, and undo after undo stays exact")
    func seeded() throws {
        let scratch = try StoreScratch()
        let d = try scratch.store().create(configuration: SessionConfiguration(mode: .fake, canvasWidth: 300, canvasHeight: 200))
        try Self.strokes(d)
        try d.close()
        let r = try scratch.store().open(d.id)
        r.waitForUndoPictures()
        let steps = r.session.history.count
        #expect(r.live.undoBases.bases.contains { $0.steps == steps - 1 }, "the first undo is a picture, not a repaint")
        for _ in 0..<8 {
            try r.undo()
            #expect(r.session.canvas.pixelBytes == Self.painted(r), "after undo to \(r.session.history.count) steps")
        }
        for _ in 0..<8 {
            try r.redo()
            #expect(r.session.canvas.pixelBytes == Self.painted(r))
        }
        try r.close()
    }

    @Test("An undo straight after opening, before the pictures are ready, waits for them and is exact")
    func undoAtOnce() throws {
        let scratch = try StoreScratch()
        let d = try scratch.store().create(configuration: SessionConfiguration(mode: .fake, canvasWidth: 300, canvasHeight: 200))
        try Self.strokes(d)
        try d.close()
        let r = try scratch.store().open(d.id)
        try r.undo()
        #expect(r.session.canvas.pixelBytes == Self.painted(r))
        try r.close()
    }
}
