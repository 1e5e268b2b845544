import Foundation
import MarbleApp
import MarbleKit

/// The trace challenges' pictures: each shape's outline, from the guide itself, and the stars.
extension Shapes {
    /// The outline of `shape` filling most of the square `r` (nil: a free squiggle).
    mutating func traceIcon(_ shape: TraceShape?, in r: Rect, _ c: RGBA8) {
        let s = r.w, t = s * 0.1
        guard let shape else {
            // Free drawing: a loose wave.
            let points = (0...24).map { k -> Point in
                let u = Double(k) / 24
                return Point(r.x + (0.1 + 0.8 * u) * s, r.y + (0.5 - 0.22 * sin(u * 2.6 * .pi)) * s)
            }
            for (a, b) in zip(points, points.dropFirst()) { line(a, b, width: t, c) }
            return
        }
        // The guide on a 100×100 canvas: half side 30 round (50, 50), scaled to 0.4 of the icon.
        let guide = TraceGuide(shape, width: 100, height: 100)
        func map(_ v: Vec2) -> Point {
            Point(r.x + (0.5 + (v.x - 50) / 30 * 0.4) * s, r.y + (0.5 + (v.y - 50) / 30 * 0.4) * s)
        }
        if shape == .circle {
            ring(Point(r.x + 0.5 * s, r.y + 0.5 * s), 0.4 * s, width: t, c)
            return
        }
        // The curves' 720 corners are far more than an icon needs: every 24th keeps 30.
        let step = guide.vertices.count > 40 ? 24 : 1
        let corners = stride(from: 0, to: guide.vertices.count, by: step).map { map(guide.vertices[$0]) }
        for (a, b) in zip(corners, corners.dropFirst() + [corners[0]]) { line(a, b, width: t, c) }
    }

    /// A five-pointed star, filled when earned, else an outline.
    mutating func starIcon(earned: Bool, in r: Rect, _ c: RGBA8) {
        let s = r.w
        let star = TraceGuide(.star, width: 100, height: 100)
        let corners = star.vertices.map { Point(r.x + (0.5 + ($0.x - 50) / 30 * 0.48) * s, r.y + (0.5 + ($0.y - 50) / 30 * 0.48) * s) }
        if earned {
            // A fan from the middle: the star is star-shaped about its centre.
            let mid = Point(corners.map(\.x).reduce(0, +) / 10, corners.map(\.y).reduce(0, +) / 10)
            polygon([mid] + corners + [corners[0]], c)
        } else {
            for (a, b) in zip(corners, corners.dropFirst() + [corners[0]]) { line(a, b, width: s * 0.05, RGBA8(c.r, c.g, c.b, 150)) }
        }
    }
}
