import Testing
@testable import MarbleKit

/// A trace is scored on what both marbles painted together: each child draws half the circle.
@Suite("Trace: two marbles")
struct TwoMarbleTraceTests {
    /// Fake physics (the tilt is the velocity): rows that carry each marble exactly through
    /// `path(t)`, one sample every 1/60 s, pen down from 1 s.
    static func rows(_ path: (Double) -> Vec2, speedPerTilt s: Double) -> [Sample] {
        (0..<300).map { k in
            let t = Double(k) / 60
            let v = (path(t + 1.0 / 60) - path(t)) * (60 / s)
            // Screen y is down; tilt y is towards the top.
            return Sample(t: t, tilt: Vec2(v.x, -v.y), heading: 0, penDown: t >= 1)
        }
    }

    @Test("Each marble traces half the circle: together they cover it, either alone half")
    func halves() throws {
        var c = SessionConfiguration(mode: .fake, difficulty: .normal, canvasWidth: 640, canvasHeight: 400)
        c.marbles = 2
        let guide = TraceGuide(.circle, width: 640, height: 400)
        let center = Vec2(320, 200), r = 0.3 * 400.0
        let s = c.parameters.speedPerTilt
        let start1 = Vec2(640.0 / 3, 200), start2 = Vec2(2 * 640.0 / 3, 200)
        // Marble 1: to the left of the circle in 1 s, then over the top to the right in 3 s;
        // marble 2: to the right, then under the bottom to the left.
        func half(_ from: Vec2, _ sign: Double) -> (Double) -> Vec2 {
            let first = center + Vec2(-sign * r, 0)
            return { t in
                if t < 1 { return from + t * (first - from) }
                let a = Double.pi * min(t - 1, 3) / 3
                return center + Vec2(-sign * r * Maths.cos(a), -sign * r * Maths.sin(a))
            }
        }
        let a = Self.rows(half(start1, 1), speedPerTilt: s), b = Self.rows(half(start2, -1), speedPerTilt: s)
        let both = DrawingSession(configuration: c)
        for (x, y) in zip(a, b) { try both.feed([x, y]) }
        var one = c
        one.marbles = 1
        let alone = DrawingSession(configuration: one)
        // Marble 1's half alone, from where it starts in a drawing of two.
        alone.marbles[0].ball = BallState(position: start1)
        for x in a { try alone.feed([x]) }
        let together = TraceScore(guide, canvas: both.canvas, penWidth: c.parameters.penWidth)
        let single = TraceScore(guide, canvas: alone.canvas, penWidth: c.parameters.penWidth)
        #expect(together.coverage > 0.9, "together \(together.coverage)")
        #expect(single.coverage > 0.4 && single.coverage < 0.65, "alone \(single.coverage)")
        #expect(together.stars > single.stars)
    }
}
