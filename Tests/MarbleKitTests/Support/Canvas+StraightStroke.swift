@testable import MarbleKit

extension Canvas {
    /// Paints a straight stroke from `p0` to `p1` in pieces of `step` px (0: one piece), with a pen of its own.
    func paintStraight(from p0: Vec2, to p1: Vec2, step: Double, width: Double, color: RGBA8) {
        var pen = Canvas.Pen()
        beginStroke(at: p0, color: color, width: width, pen: &pen)
        let length = (p1 - p0).length
        if step > 0 {
            let u = (p1 - p0) * (1 / length)
            var k = 1
            while Double(k) * step < length {
                continueStroke(to: p0 + u * (Double(k) * step), color: color, pen: &pen)
                k += 1
            }
        }
        continueStroke(to: p1, color: color, pen: &pen)
        endStroke(pen: &pen)
    }
}
