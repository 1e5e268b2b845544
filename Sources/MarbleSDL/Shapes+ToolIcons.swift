import Foundation
import MarbleApp
import MarbleKit

extension Shapes {
    /// The icons of the drawing's tools: the pen lifted, the eraser, the width, the log, the clock.
    mutating func toolIcon(_ icon: Icon, in r: Rect, _ c: RGBA8) {
        func p(_ u: Double, _ v: Double) -> Point { Point(r.x + u * r.w, r.y + v * r.h) }
        let s = r.w, t = s * 0.12
        switch icon {
        case .penUp:
            line(p(0.3, 0.55), p(0.72, 0.13), width: t * 1.3, c)
            polygon([p(0.22, 0.63), p(0.3, 0.44), p(0.41, 0.55)], c)
            line(p(0.2, 0.9), p(0.8, 0.9), width: t * 0.5, c)
            line(p(0.62, 0.75), p(0.78, 0.6), width: t * 0.5, c)
            line(p(0.78, 0.6), p(0.82, 0.8), width: t * 0.5, c)
        case .log:
            roundedRect(Rect(x: r.x + 0.18 * s, y: r.y + 0.08 * s, w: 0.64 * s, h: 0.84 * s), radius: 0.06 * s, c)
            for v in [0.3, 0.5, 0.7] { line(p(0.3, v), p(0.7, v), width: t * 0.45, RGBA8(0, 0, 0, 110)) }
        case .eraser:
            // A tilted rubber: a block with its wiping end pale, over a wiped line.
            polygon([p(0.2, 0.55), p(0.55, 0.2), p(0.85, 0.5), p(0.5, 0.85)], c)
            polygon([p(0.2, 0.55), p(0.37, 0.38), p(0.67, 0.68), p(0.5, 0.85)], RGBA8(255, 255, 255, 200))
            line(p(0.1, 0.92), p(0.9, 0.92), width: t * 0.5, c)
        case .stopwatch:
            ring(p(0.5, 0.56), 0.34 * s, width: t * 0.8, c)
            line(p(0.5, 0.56), p(0.5, 0.34), width: t * 0.7, c)
            line(p(0.5, 0.56), p(0.66, 0.62), width: t * 0.7, c)
            line(p(0.42, 0.1), p(0.58, 0.1), width: t, c)
        case .brush(let px):
            // A dot as wide as the line (at least a speck, at most the button).
            circle(p(0.5, 0.5), min(0.42 * s, max(1.5, px / 2)), c)
        default:
            break
        }
    }
}
