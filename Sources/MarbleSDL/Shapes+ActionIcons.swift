import Foundation
import MarbleApp
import MarbleKit

extension Shapes {
    /// The icons of things to do: start, save, go back, undo, watch.
    mutating func actionIcon(_ icon: Icon, in r: Rect, _ c: RGBA8) {
        func p(_ u: Double, _ v: Double) -> Point { Point(r.x + u * r.w, r.y + v * r.h) }
        let s = r.w, t = s * 0.12
        switch icon {
        case .plus:
            line(p(0.5, 0.15), p(0.5, 0.85), width: t * 1.4, c)
            line(p(0.15, 0.5), p(0.85, 0.5), width: t * 1.4, c)
        case .play:
            polygon([p(0.25, 0.12), p(0.85, 0.5), p(0.25, 0.88)], c)
        case .gallery:
            for (u, v) in [(0.1, 0.1), (0.55, 0.1), (0.1, 0.55), (0.55, 0.55)] {
                roundedRect(Rect(x: r.x + u * s, y: r.y + v * s, w: 0.35 * s, h: 0.35 * s), radius: 0.06 * s, c)
            }
        case .quit:
            ring(p(0.5, 0.55), 0.32 * s, width: t, c, from: -0.3 * .pi, to: 1.3 * .pi)
            line(p(0.5, 0.1), p(0.5, 0.48), width: t, c)
        case .check:
            line(p(0.15, 0.52), p(0.4, 0.78), width: t * 1.4, c)
            line(p(0.4, 0.78), p(0.85, 0.22), width: t * 1.4, c)
        case .save:
            line(p(0.5, 0.1), p(0.5, 0.6), width: t, c)
            polygon([p(0.26, 0.45), p(0.74, 0.45), p(0.5, 0.72)], c)
            line(p(0.15, 0.7), p(0.15, 0.88), width: t * 0.8, c)
            line(p(0.15, 0.88), p(0.85, 0.88), width: t * 0.8, c)
            line(p(0.85, 0.88), p(0.85, 0.7), width: t * 0.8, c)
        case .home:
            polygon([p(0.5, 0.1), p(0.92, 0.48), p(0.08, 0.48)], c)
            roundedRect(Rect(x: r.x + 0.2 * s, y: r.y + 0.46 * s, w: 0.6 * s, h: 0.42 * s), radius: 0, c)
        case .trash:
            line(p(0.15, 0.22), p(0.85, 0.22), width: t * 0.8, c)
            line(p(0.4, 0.12), p(0.6, 0.12), width: t * 0.8, c)
            polygon([p(0.22, 0.3), p(0.78, 0.3), p(0.72, 0.9), p(0.28, 0.9)], c)
        case .back:
            polygon([p(0.1, 0.5), p(0.5, 0.15), p(0.5, 0.85)], c)
            line(p(0.45, 0.5), p(0.88, 0.5), width: t * 1.6, c)
        case .pause:
            roundedRect(Rect(x: r.x + 0.22 * s, y: r.y + 0.15 * s, w: 0.2 * s, h: 0.7 * s), radius: 0.04 * s, c)
            roundedRect(Rect(x: r.x + 0.58 * s, y: r.y + 0.15 * s, w: 0.2 * s, h: 0.7 * s), radius: 0.04 * s, c)
        case .cross:
            line(p(0.2, 0.2), p(0.8, 0.8), width: t * 1.4, c)
            line(p(0.8, 0.2), p(0.2, 0.8), width: t * 1.4, c)
        case .undo:
            // Most of a circle, from the top left clockwise round to the bottom left, with an
            // arrowhead pointing back (left) where it starts.
            ring(p(0.52, 0.56), 0.3 * s, width: t, c, from: -0.6 * .pi, to: 0.75 * .pi)
            polygon([p(0.14, 0.27), p(0.44, 0.1), p(0.44, 0.44)], c)
        case .redo:
            // The mirror of undo: the arrowhead points on (right).
            ring(p(0.48, 0.56), 0.3 * s, width: t, c, from: 0.25 * .pi, to: 1.6 * .pi)
            polygon([p(0.86, 0.27), p(0.56, 0.1), p(0.56, 0.44)], c)
        case .help:
            // A question mark: a hook and a dot.
            ring(p(0.5, 0.34), 0.2 * s, width: t * 1.2, c, from: -1.0 * .pi, to: 0.45 * .pi)
            line(p(0.5 + 0.2 * cos(0.45 * .pi), 0.34 + 0.2 * sin(0.45 * .pi)), p(0.5, 0.64), width: t * 1.2, c)
            circle(p(0.5, 0.84), 0.08 * s, c)
        case .watch:
            // A screen with a play sign in it.
            roundedRect(Rect(x: r.x + 0.08 * s, y: r.y + 0.18 * s, w: 0.84 * s, h: 0.64 * s), radius: 0.08 * s, c)
            polygon([p(0.4, 0.32), p(0.66, 0.5), p(0.4, 0.68)], RGBA8(0, 0, 0, 140))
        case .film:
            // A strip of film, its holes down both sides.
            roundedRect(Rect(x: r.x + 0.2 * s, y: r.y + 0.06 * s, w: 0.6 * s, h: 0.88 * s), radius: 0.05 * s, c)
            for v in [0.16, 0.38, 0.6, 0.82] {
                for u in [0.27, 0.67] {
                    roundedRect(Rect(x: r.x + u * s, y: r.y + (v - 0.04) * s, w: 0.06 * s, h: 0.08 * s), radius: 0, RGBA8(0, 0, 0, 140))
                }
            }
        case .faster, .slower:
            // Two arrowheads, pointing on (faster) or back (slower).
            let forward = icon == .faster
            for u in [0.08, 0.48] {
                let a = forward ? u : 1 - u, b = forward ? u + 0.44 : 1 - u - 0.44
                polygon([p(a, 0.2), p(b, 0.5), p(a, 0.8)], c)
            }
        default:
            break
        }
    }
}
