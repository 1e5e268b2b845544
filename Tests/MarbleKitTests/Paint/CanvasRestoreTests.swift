import Testing
@testable import MarbleKit

/// A canvas put back from its state, new or in another canvas's memory, with its open stroke's
/// cells and its painter's pen, goes on painting exactly as the canvas it was taken from.
@Suite("Canvas: restoring a state")
struct CanvasRestoreTests {
    static let ink = RGBA8(200, 40, 90)

    /// A canvas with a finished stroke and an open one that comes back over itself, and the
    /// pen painting it.
    static func painted() -> (Canvas, Canvas.Pen) {
        var pen = Canvas.Pen()
        let c = Canvas(width: 150, height: 90)
        c.beginStroke(at: Vec2(10, 10), color: RGBA8(10, 120, 220), width: 7, pen: &pen)
        c.continueStroke(to: Vec2(140, 80), color: RGBA8(10, 120, 220), pen: &pen)
        c.endStroke(pen: &pen)
        c.beginStroke(at: Vec2(20, 70), color: ink, width: 9, pen: &pen)
        c.continueStroke(to: Vec2(75, 20), color: ink, pen: &pen)
        return (c, pen)
    }

    /// Goes on with the open stroke: back over where it began (its layer merges there).
    static func finish(_ c: Canvas, _ pen: Canvas.Pen) -> [UInt8] {
        var pen = pen
        c.continueStroke(to: Vec2(60, 45), color: ink, pen: &pen)
        c.continueStroke(to: Vec2(22, 68), color: ink, pen: &pen)
        c.endStroke(pen: &pen)
        return c.pixelBytes
    }

    @Test("A new canvas and a used one restored in place both go on to the original's pixels")
    func inPlace() throws {
        let (original, pen) = Self.painted()
        let state = original.state()
        let cells = original.openCells(of: pen, stroke: nil)
        #expect(!cells.isEmpty)
        let expected = Self.finish(original, pen)

        let fresh = try Canvas(restoring: state)
        fresh.restoreCells(cells)
        #expect(fresh.pixelBytes == state.pixels, "the picture")
        let freshGoesOn = Self.finish(fresh, pen) == expected
        #expect(freshGoesOn, "a new canvas goes on as the original")

        // A canvas painted all over, its layers full of other strokes' cells.
        var other = Canvas.Pen()
        let used = Canvas(width: 150, height: 90)
        used.beginStroke(at: Vec2(0, 0), color: RGBA8(1, 2, 3), width: 40, pen: &other)
        for k in 0..<12 { used.continueStroke(to: Vec2(Double(k % 2) * 150, Double(k) * 8), color: RGBA8(1, 2, 3), pen: &other) }
        try used.restore(state)
        used.restoreCells(cells)
        let restored = used.pixelBytes == state.pixels
        #expect(restored, "the picture, in place")
        let usedGoesOn = Self.finish(used, pen) == expected
        #expect(usedGoesOn, "a used canvas goes on as the original (its old layers forgotten, the open stroke's back)")
    }

    @Test("A state of another size is refused and the canvas stays as it was")
    func otherSize() {
        var pen = Canvas.Pen()
        let small = Canvas(width: 40, height: 30)
        small.beginStroke(at: Vec2(5, 5), color: Self.ink, width: 5, pen: &pen)
        small.continueStroke(to: Vec2(30, 20), color: Self.ink, pen: &pen)
        let before = small.pixelBytes
        #expect(throws: RestoreError.self) { try small.restore(Self.painted().0.state()) }
        let unchanged = small.pixelBytes == before
        #expect(unchanged)
    }
}
