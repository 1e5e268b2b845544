import Testing
@testable import MarbleKit

/// A canvas put back from its state, new or in another canvas's memory, goes on painting
/// exactly as the canvas it was taken from: the open stroke's layer and all.
@Suite("Canvas: restoring a state")
struct CanvasRestoreTests {
    static let ink = RGBA8(200, 40, 90)

    /// A canvas with a finished stroke and an open one that comes back over itself.
    static func painted() -> Canvas {
        let c = Canvas(width: 150, height: 90)
        c.beginStroke(at: Vec2(10, 10), color: RGBA8(10, 120, 220), width: 7)
        c.continueStroke(to: Vec2(140, 80), color: RGBA8(10, 120, 220))
        c.endStroke()
        c.beginStroke(at: Vec2(20, 70), color: ink, width: 9)
        c.continueStroke(to: Vec2(75, 20), color: ink)
        return c
    }

    /// Goes on with the open stroke: back over where it began (its layer merges there).
    static func finish(_ c: Canvas) -> [UInt8] {
        c.continueStroke(to: Vec2(60, 45), color: ink)
        c.continueStroke(to: Vec2(22, 68), color: ink)
        c.endStroke()
        return c.pixelBytes
    }

    @Test("A new canvas and a used one restored in place both go on to the original's pixels")
    func inPlace() throws {
        let original = Self.painted()
        let state = original.state(openStroke: nil)
        let expected = Self.finish(original)

        let fresh = try Canvas(restoring: state)
        #expect(fresh.pixelBytes == state.pixels, "the picture")
        let freshGoesOn = Self.finish(fresh) == expected
        #expect(freshGoesOn, "a new canvas goes on as the original")

        // A canvas painted all over, its layers full of other strokes' cells.
        let used = Canvas(width: 150, height: 90)
        used.beginStroke(at: Vec2(0, 0), color: RGBA8(1, 2, 3), width: 40)
        for k in 0..<12 { used.continueStroke(to: Vec2(Double(k % 2) * 150, Double(k) * 8), color: RGBA8(1, 2, 3)) }
        try used.restore(state)
        let restored = used.pixelBytes == state.pixels
        #expect(restored, "the picture, in place")
        let usedGoesOn = Self.finish(used) == expected
        #expect(usedGoesOn, "a used canvas goes on as the original (its old layers forgotten, the open stroke's back)")
    }

    @Test("A state of another size is refused and the canvas stays as it was")
    func otherSize() {
        let small = Canvas(width: 40, height: 30)
        small.beginStroke(at: Vec2(5, 5), color: Self.ink, width: 5)
        small.continueStroke(to: Vec2(30, 20), color: Self.ink)
        let before = small.pixelBytes
        #expect(throws: RestoreError.self) { try small.restore(Self.painted().state(openStroke: nil)) }
        let unchanged = small.pixelBytes == before
        #expect(unchanged)
    }
}
