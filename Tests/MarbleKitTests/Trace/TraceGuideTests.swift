import Foundation
import Testing
@testable import MarbleKit

/// The guides' geometry in closed form: centred, sized from 0.3·min(W, H), fitting one box.
/// Tolerance 1e-9 px: the outlines are computed directly, so only rounding separates them from
/// the exact values.
@Suite("Trace guides")
struct TraceGuideTests {
    static let sizes = [(1280, 800), (800, 1280), (640, 400), (333, 333)]

    @Test("the circle's radius is exactly 0.3·min(W, H), round the centre", arguments: sizes)
    func circleRadius(_ size: (Int, Int)) {
        let g = TraceGuide(.circle, width: size.0, height: size.1)
        let r = 0.3 * Double(min(size.0, size.1))
        #expect(g.halfSize == r)
        #expect(isApproximatelyEqual(g.center, Vec2(Double(size.0) / 2, Double(size.1) / 2), tolerance: 0))
        for v in g.vertices { #expect(isApproximatelyEqual((v - g.center).length, r, tolerance: 1e-9)) }
        // The polygon's perimeter is within a few millionths of 2πr.
        #expect(isApproximatelyEqual(g.length, 2 * .pi * r, tolerance: 2 * .pi * r * 1e-5))
    }

    @Test("1280×800: radius 240 at (640, 400); the square is the box (400…880, 160…640)")
    func defaultCanvas() {
        let c = TraceGuide(.circle, width: 1280, height: 800)
        #expect(c.halfSize == 240)
        #expect(isApproximatelyEqual(c.vertices[0], Vec2(640, 160), tolerance: 1e-9))
        let sq = TraceGuide(.square, width: 1280, height: 800)
        #expect(sq.vertices == [Vec2(400, 160), Vec2(880, 160), Vec2(880, 640), Vec2(400, 640)])
    }

    @Test("the star: 5 points, the first at the top, in the middle", arguments: sizes)
    func starTop(_ size: (Int, Int)) {
        let g = TraceGuide(.star, width: size.0, height: size.1)
        #expect(g.vertices.count == 10)
        let top = g.vertices[0]
        #expect(isApproximatelyEqual(top.x, g.center.x, tolerance: 1e-9))
        #expect(isApproximatelyEqual(top.y, g.bounds.y0, tolerance: 1e-9))
        // The five points are equally far from the star's own centre, 72° apart.
        let outer = stride(from: 0, to: 10, by: 2).map { g.vertices[$0] }
        let inner = stride(from: 1, to: 10, by: 2).map { g.vertices[$0] }
        let mid = outer.reduce(Vec2.zero, +) * (1.0 / 5)
        let radius = (top - mid).length
        for p in outer { #expect(isApproximatelyEqual((p - mid).length, radius, tolerance: 1e-9)) }
        for p in inner { #expect((p - mid).length < 0.5 * radius) }
    }

    @Test("every shape fits the box: inside it, touching two opposite sides, centred", arguments: TraceShape.allCases)
    func fitsTheBox(_ shape: TraceShape) {
        for (w, h) in Self.sizes {
            let g = TraceGuide(shape, width: w, height: h)
            let s = g.halfSize, c = g.center, b = g.bounds
            let e = 1e-9 * s
            #expect(b.x0 >= c.x - s - e && b.x1 <= c.x + s + e && b.y0 >= c.y - s - e && b.y1 <= c.y + s + e, "\(shape)")
            let touchesSides = abs(b.x0 - (c.x - s)) <= e && abs(b.x1 - (c.x + s)) <= e
            let touchesTopAndBottom = abs(b.y0 - (c.y - s)) <= e && abs(b.y1 - (c.y + s)) <= e
            #expect(touchesSides || touchesTopAndBottom, "\(shape) \(w)x\(h): \(b)")
            #expect(isApproximatelyEqual((b.x0 + b.x1) / 2, c.x, tolerance: e))
            #expect(isApproximatelyEqual((b.y0 + b.y1) / 2, c.y, tolerance: e))
        }
    }

    @Test("the heart's dip is at the top middle and its tip at the bottom middle")
    func heart() {
        let g = TraceGuide(.heart, width: 1280, height: 800)
        #expect(isApproximatelyEqual(g.vertices[0].x, 640, tolerance: 1e-9))
        #expect(g.vertices[0].y > g.bounds.y0 + 0.2 * g.halfSize)  // a dip, below the lobes
        let tip = g.vertices[TraceGuide.curveVertices / 2]
        #expect(isApproximatelyEqual(tip.x, 640, tolerance: 1e-9))
        #expect(isApproximatelyEqual(tip.y, g.bounds.y1, tolerance: 1e-9))
    }

    @Test("points along the guide are 1 px apart (evenly, never more), round the whole loop", arguments: TraceShape.allCases)
    func pointsOnePixelApart(_ shape: TraceShape) {
        let g = TraceGuide(shape, width: 1280, height: 800)
        let pts = g.points(spacing: 1)
        #expect(pts.count == Int(g.length.rounded(.up)))
        let step = g.length / Double(pts.count)
        #expect(step <= 1 && step > 0.999)
        for (a, b) in zip(pts, pts.dropFirst() + [pts[0]]) {
            // Chords across a corner are shorter than the arc between them, never longer.
            let d = (b - a).length
            #expect(d <= step + 1e-9)
            if shape == .square || shape == .circle { #expect(d >= step * 0.7, "\(a) \(b)") }
        }
        #expect(pts[0] == g.vertices[0])
    }

    @Test("the square's points walk its edges: 1,920 of them, 1 px apart")
    func squarePoints() {
        let pts = TraceGuide(.square, width: 1280, height: 800).points(spacing: 1)
        #expect(pts.count == 1920)
        #expect(isApproximatelyEqual(pts[480], Vec2(880, 160), tolerance: 1e-9))
        #expect(isApproximatelyEqual(pts[1000], Vec2(880 - 40, 640), tolerance: 1e-9))
    }
}
