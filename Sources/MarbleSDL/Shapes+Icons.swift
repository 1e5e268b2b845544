import Foundation
import MarbleApp
import MarbleKit

extension Shapes {
    /// An icon drawn into a square, in one colour: shapes a child reads without words.
    mutating func icon(_ icon: Icon, in r: Rect, _ c: RGBA8) {
        func p(_ u: Double, _ v: Double) -> Point { Point(r.x + u * r.w, r.y + v * r.h) }
        let s = r.w, t = s * 0.12
        switch icon {
        case .phone, .deviceFlat, .deviceTipped, .tiltBlocked:
            phoneIcon(icon, in: r, c)
        case .picture, .glass:
            pictureIcon(icon, in: r, c)
        case .tray, .clock, .cloudCross, .key, .fullTray, .cloudDown, .people, .nameMark, .openPadlock:
            classIcon(icon, in: r, c)
        case .numeral(let n):
            numeral(n, in: r, c)
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
        case .realBall:
            circle(p(0.62, 0.5), 0.26 * s, c)
            for (v, len) in [(0.32, 0.3), (0.5, 0.4), (0.68, 0.3)] { line(p(0.3 - len, v), p(0.3, v), width: t * 0.6, c) }
        case .marbles(let n):
            // One to four balls: a row of two, or two rows.
            let places: [(Double, Double)] = switch n {
            case 2: [(0.3, 0.55), (0.72, 0.45)]
            case 3: [(0.28, 0.66), (0.72, 0.66), (0.5, 0.3)]
            case 4: [(0.28, 0.3), (0.72, 0.3), (0.28, 0.72), (0.72, 0.72)]
            default: [(0.5, 0.5)]
            }
            for (x, y) in places { circle(p(x, y), (n > 2 ? 0.17 : n == 2 ? 0.2 : 0.22) * s, c) }
        case .easyBall:
            circle(p(0.5, 0.42), 0.26 * s, c)
            line(p(0.12, 0.86), p(0.88, 0.86), width: t * 0.7, c)
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
        case .penUp:
            line(p(0.3, 0.55), p(0.72, 0.13), width: t * 1.3, c)
            polygon([p(0.22, 0.63), p(0.3, 0.44), p(0.41, 0.55)], c)
            line(p(0.2, 0.9), p(0.8, 0.9), width: t * 0.5, c)
            line(p(0.62, 0.75), p(0.78, 0.6), width: t * 0.5, c)
            line(p(0.78, 0.6), p(0.82, 0.8), width: t * 0.5, c)
        case .log:
            roundedRect(Rect(x: r.x + 0.18 * s, y: r.y + 0.08 * s, w: 0.64 * s, h: 0.84 * s), radius: 0.06 * s, c)
            for v in [0.3, 0.5, 0.7] { line(p(0.3, v), p(0.7, v), width: t * 0.45, RGBA8(0, 0, 0, 110)) }
        case .cross:
            line(p(0.2, 0.2), p(0.8, 0.8), width: t * 1.4, c)
            line(p(0.8, 0.2), p(0.2, 0.8), width: t * 1.4, c)
        case .keyboard:
            roundedRect(Rect(x: r.x, y: r.y + 0.22 * s, w: s, h: 0.56 * s), radius: 0.08 * s, c)
            for row in 0..<2 {
                for col in 0..<5 {
                    roundedRect(Rect(x: r.x + (0.1 + Double(col) * 0.17) * s, y: r.y + (0.32 + Double(row) * 0.16) * s,
                                     w: 0.11 * s, h: 0.1 * s), radius: 0, RGBA8(0, 0, 0, 120))
                }
            }
        case .gamepad:
            roundedRect(Rect(x: r.x, y: r.y + 0.25 * s, w: s, h: 0.5 * s), radius: 0.22 * s, c)
            line(p(0.16, 0.5), p(0.36, 0.5), width: t * 0.6, RGBA8(0, 0, 0, 130))
            line(p(0.26, 0.4), p(0.26, 0.6), width: t * 0.6, RGBA8(0, 0, 0, 130))
            circle(p(0.7, 0.42), 0.06 * s, RGBA8(0, 0, 0, 130))
            circle(p(0.8, 0.56), 0.06 * s, RGBA8(0, 0, 0, 130))
        case .undo:
            // Most of a circle, from the top left clockwise round to the bottom left, with an
            // arrowhead pointing back (left) where it starts.
            ring(p(0.52, 0.56), 0.3 * s, width: t, c, from: -0.6 * .pi, to: 0.75 * .pi)
            polygon([p(0.14, 0.27), p(0.44, 0.1), p(0.44, 0.44)], c)
        case .redo:
            // The mirror of undo: the arrowhead points on (right).
            ring(p(0.48, 0.56), 0.3 * s, width: t, c, from: 0.25 * .pi, to: 1.6 * .pi)
            polygon([p(0.86, 0.27), p(0.56, 0.1), p(0.56, 0.44)], c)
        case .gear:
            // A wheel with eight teeth.
            for k in 0..<8 {
                let a = Double(k) * .pi / 4
                line(p(0.5 + 0.28 * cos(a), 0.5 + 0.28 * sin(a)), p(0.5 + 0.44 * cos(a), 0.5 + 0.44 * sin(a)), width: t * 1.3, c)
            }
            ring(p(0.5, 0.5), 0.26 * s, width: t * 1.5, c)
        case .soundOn, .soundOff:
            // A speaker: a box and a cone; sound waves, or a cross when off.
            polygon([p(0.1, 0.38), p(0.26, 0.38), p(0.26, 0.62), p(0.1, 0.62)], c)
            polygon([p(0.24, 0.38), p(0.5, 0.15), p(0.5, 0.85), p(0.24, 0.62)], c)
            if icon == .soundOn {
                ring(p(0.5, 0.5), 0.18 * s, width: t * 0.7, c, from: -0.3 * .pi, to: 0.3 * .pi)
                ring(p(0.5, 0.5), 0.34 * s, width: t * 0.7, c, from: -0.3 * .pi, to: 0.3 * .pi)
            } else {
                line(p(0.62, 0.34), p(0.9, 0.66), width: t, c)
                line(p(0.9, 0.34), p(0.62, 0.66), width: t, c)
            }
        case .upDown:
            line(p(0.5, 0.25), p(0.5, 0.75), width: t * 1.2, c)
            polygon([p(0.5, 0.05), p(0.75, 0.32), p(0.25, 0.32)], c)
            polygon([p(0.5, 0.95), p(0.25, 0.68), p(0.75, 0.68)], c)
        case .mirror:
            // Two arrows passing each other: left becomes right.
            line(p(0.3, 0.32), p(0.85, 0.32), width: t, c)
            polygon([p(0.08, 0.32), p(0.32, 0.15), p(0.32, 0.49)], c)
            line(p(0.15, 0.68), p(0.7, 0.68), width: t, c)
            polygon([p(0.92, 0.68), p(0.68, 0.51), p(0.68, 0.85)], c)
        case .help:
            // A question mark: a hook and a dot.
            ring(p(0.5, 0.34), 0.2 * s, width: t * 1.2, c, from: -1.0 * .pi, to: 0.45 * .pi)
            line(p(0.5 + 0.2 * cos(0.45 * .pi), 0.34 + 0.2 * sin(0.45 * .pi)), p(0.5, 0.64), width: t * 1.2, c)
            circle(p(0.5, 0.84), 0.08 * s, c)
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
        case .bigButtons:
            roundedRect(Rect(x: r.x + 0.06 * s, y: r.y + 0.56 * s, w: 0.3 * s, h: 0.3 * s), radius: 0.05 * s, c)
            roundedRect(Rect(x: r.x + 0.42 * s, y: r.y + 0.14 * s, w: 0.52 * s, h: 0.52 * s), radius: 0.08 * s, c)
        case .brush(let px):
            // A dot as wide as the line (at least a speck, at most the button).
            circle(p(0.5, 0.5), min(0.42 * s, max(1.5, px / 2)), c)
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
        case .level(let n):
            for i in 0..<3 {
                let center = p(0.18 + Double(i) * 0.32, 0.5)
                if i < n { circle(center, 0.13 * s, c) } else { ring(center, 0.11 * s, width: t * 0.4, c) }
            }
        case .trace(let shape):
            traceIcon(shape, in: r, c)
        case .star(let earned):
            starIcon(earned: earned, in: r, c)
        }
    }
}
