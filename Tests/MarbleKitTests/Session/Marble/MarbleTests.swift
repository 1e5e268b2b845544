@testable import MarbleKit
import Testing

/// `Marble`, everything one marble owns: what it shows from its input, and its input held.
@Suite("Marble")
struct MarbleTests {
    let configuration = SessionConfiguration()

    @Test("before any input: at rest where placed, heading 0, pen up, no eraser, the default pen")
    func fresh() {
        let m = Marble(at: Vec2(10, 20))
        #expect(m.ball.position == Vec2(10, 20) && m.ball.velocity == .zero)
        #expect(m.heading == 0 && !m.penDown && !m.erasing)
        #expect(m.penWidth(configuration) == configuration.parameters.penWidth)
        #expect(m.heldTilt(at: 0) == .zero, "a level board before any input")
    }

    @Test("a sample taken: its heading's colour, pen, width and eraser, its tilt held until stale")
    func takes() {
        var m = Marble(at: .zero)
        let s = Sample(t: 0, tilt: Vec2(0.5, -0.25), heading: 120, penDown: true, width: 7, erase: true)
        m.take(s, color: HeadingColor.color(heading: 120), staleStep: 10)
        #expect(m.heading == 120 && m.penDown && m.erasing && m.penWidth(configuration) == 7)
        #expect(m.color == HeadingColor.color(heading: 120))
        // The eraser paints the background; the marble's colour stays its heading's.
        #expect(m.paintColor(configuration) == configuration.background)
        #expect(m.heldTilt(at: 9) == Vec2(0.5, -0.25) && m.heldTilt(at: 10) == .zero)
    }

    @Test("a sample without a new heading keeps the colour; each sample counts on its meter")
    func keepsColour() {
        var m = Marble(at: .zero)
        m.take(Sample(t: 0, tilt: .zero, heading: 200, penDown: true), color: HeadingColor.color(heading: 200), staleStep: 5)
        m.take(Sample(t: 0.01, tilt: Vec2(0.3, 0), heading: 200, penDown: true), color: nil, staleStep: 6)
        #expect(m.color == HeadingColor.color(heading: 200) && m.paintColor(configuration) == m.color)
        var meter = MovementMeter()
        meter.add(Sample(t: 0, tilt: .zero, heading: 200, penDown: true))
        meter.add(Sample(t: 0.01, tilt: Vec2(0.3, 0), heading: 200, penDown: true))
        #expect(m.movement == meter)
    }
}
