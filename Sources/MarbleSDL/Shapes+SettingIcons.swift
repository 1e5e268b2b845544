import Foundation
import MarbleApp
import MarbleKit

extension Shapes {
    /// The icons of choices: balls, devices, sound, the way up, the level.
    mutating func settingIcon(_ icon: Icon, in r: Rect, _ c: RGBA8) {
        func p(_ u: Double, _ v: Double) -> Point { Point(r.x + u * r.w, r.y + v * r.h) }
        let s = r.w, t = s * 0.12
        switch icon {
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
        case .voiceOn, .voiceOff:
            voiceIcon(on: icon == .voiceOn, in: r, c)
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
        case .bigButtons:
            roundedRect(Rect(x: r.x + 0.06 * s, y: r.y + 0.56 * s, w: 0.3 * s, h: 0.3 * s), radius: 0.05 * s, c)
            roundedRect(Rect(x: r.x + 0.42 * s, y: r.y + 0.14 * s, w: 0.52 * s, h: 0.52 * s), radius: 0.08 * s, c)
        case .level(let n):
            for i in 0..<3 {
                let center = p(0.18 + Double(i) * 0.32, 0.5)
                if i < n { circle(center, 0.13 * s, c) } else { ring(center, 0.11 * s, width: t * 0.4, c) }
            }
        default:
            break
        }
    }
}
