import Foundation
import MarbleApp
import MarbleKit

extension Shapes {
    /// The voice: a head in profile, facing right, with sound waves from its mouth, or a
    /// cross when the voice is off.
    mutating func voiceIcon(on: Bool, in r: Rect, _ c: RGBA8) {
        func p(_ u: Double, _ v: Double) -> Point { Point(r.x + u * r.w, r.y + v * r.h) }
        let s = r.w, t = s * 0.12
        circle(p(0.3, 0.42), 0.24 * s, c)
        polygon([p(0.3, 0.6), p(0.52, 0.5), p(0.5, 0.62), p(0.42, 0.9), p(0.1, 0.9), p(0.14, 0.6)], c)
        if on {
            ring(p(0.56, 0.52), 0.16 * s, width: t * 0.7, c, from: -0.3 * .pi, to: 0.3 * .pi)
            ring(p(0.56, 0.52), 0.32 * s, width: t * 0.7, c, from: -0.3 * .pi, to: 0.3 * .pi)
        } else {
            line(p(0.64, 0.36), p(0.92, 0.68), width: t, c)
            line(p(0.92, 0.36), p(0.64, 0.68), width: t, c)
        }
    }
}
