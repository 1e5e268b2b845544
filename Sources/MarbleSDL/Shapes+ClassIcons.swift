import Foundation
import MarbleApp
import MarbleKit

extension Shapes {
    /// The class folder's pictures: the tray a drawing is handed in to, the clock while it
    /// waits, why it waits (a cloud with a cross, a key, a full tray), a cloud with an arrow
    /// down (open a code), three heads (the class), an open padlock (plain http://), and each
    /// child's own shape.
    mutating func classIcon(_ icon: Icon, in r: Rect, _ c: RGBA8) {
        func p(_ u: Double, _ v: Double) -> Point { Point(r.x + u * r.w, r.y + v * r.h) }
        let s = r.w, t = s * 0.12
        let hole = RGBA8(0, 0, 0, 130)
        switch icon {
        case .tray, .fullTray:
            // An open tray seen from the front; a sheet going in, or (full) a stack spilling over.
            if icon == .tray {
                roundedRect(Rect(x: r.x + 0.3 * s, y: r.y + 0.08 * s, w: 0.4 * s, h: 0.4 * s), radius: 0.03 * s, c)
                polygon([p(0.5, 0.62), p(0.36, 0.44), p(0.64, 0.44)], c)
            } else {
                for k in 0..<4 {
                    roundedRect(Rect(x: r.x + (0.2 + 0.03 * Double(k % 2)) * s, y: r.y + (0.06 + 0.12 * Double(k)) * s, w: 0.58 * s, h: 0.09 * s),
                                radius: 0.02 * s, c)
                }
            }
            polygon([p(0.06, 0.55), p(0.3, 0.55), p(0.36, 0.68), p(0.64, 0.68), p(0.7, 0.55), p(0.94, 0.55),
                     p(0.9, 0.92), p(0.1, 0.92)], c)
        case .clock:
            ring(p(0.5, 0.5), 0.38 * s, width: t * 0.9, c)
            line(p(0.5, 0.5), p(0.5, 0.24), width: t * 0.8, c)
            line(p(0.5, 0.5), p(0.7, 0.6), width: t * 0.8, c)
            circle(p(0.5, 0.5), 0.06 * s, c)
        case .cloudCross, .cloudDown:
            cloud(r, c)
            if icon == .cloudCross {
                line(p(0.36, 0.38), p(0.64, 0.66), width: t, hole)
                line(p(0.64, 0.38), p(0.36, 0.66), width: t, hole)
            } else {
                line(p(0.5, 0.3), p(0.5, 0.6), width: t, hole)
                polygon([p(0.36, 0.52), p(0.64, 0.52), p(0.5, 0.7)], hole)
            }
        case .key:
            // A key: a ring to hold, a shaft, two teeth.
            ring(p(0.3, 0.5), 0.17 * s, width: t * 1.1, c)
            line(p(0.46, 0.5), p(0.92, 0.5), width: t * 1.1, c)
            line(p(0.78, 0.5), p(0.78, 0.68), width: t, c)
            line(p(0.9, 0.5), p(0.9, 0.64), width: t, c)
        case .openPadlock:
            // A padlock's body with a keyhole; its shackle lifted, one leg out of the body.
            ring(p(0.5, 0.26), 0.2 * s, width: t, c, from: .pi, to: 2 * .pi)
            line(p(0.3, 0.26), p(0.3, 0.52), width: t, c)
            line(p(0.7, 0.26), p(0.7, 0.34), width: t, c)
            roundedRect(Rect(x: r.x + 0.16 * s, y: r.y + 0.48 * s, w: 0.68 * s, h: 0.44 * s), radius: 0.06 * s, c)
            circle(p(0.5, 0.66), 0.06 * s, hole)
            line(p(0.5, 0.68), p(0.5, 0.8), width: t * 0.6, hole)
        case .people:
            // Three heads and shoulders, the middle one in front.
            for (u, v, k) in [(0.22, 0.42, 0.8), (0.78, 0.42, 0.8), (0.5, 0.5, 1.0)] {
                circle(p(u, v - 0.2 * k), 0.12 * s * k, c)
                fan(p(u, v + 0.3 * k), 0.22 * s * k, c, from: .pi, to: 2 * .pi, steps: 16)
            }
        case .nameMark(let shape):
            nameMark(shape, in: r, c)
        default:
            break
        }
    }

    /// A cloud: three round puffs on a flat bottom.
    private mutating func cloud(_ r: Rect, _ c: RGBA8) {
        func p(_ u: Double, _ v: Double) -> Point { Point(r.x + u * r.w, r.y + v * r.h) }
        let s = r.w
        circle(p(0.3, 0.56), 0.2 * s, c)
        circle(p(0.52, 0.42), 0.26 * s, c)
        circle(p(0.74, 0.58), 0.18 * s, c)
        roundedRect(Rect(x: r.x + 0.12 * s, y: r.y + 0.56 * s, w: 0.76 * s, h: 0.2 * s), radius: 0.1 * s, c)
    }

    /// A child's shape (0 to 5): ball, star, triangle, square, diamond, heart, in white.
    private mutating func nameMark(_ shape: Int, in r: Rect, _ c: RGBA8) {
        func p(_ u: Double, _ v: Double) -> Point { Point(r.x + u * r.w, r.y + v * r.h) }
        let s = r.w, white = c
        switch shape % 6 {
        case 0: circle(p(0.5, 0.5), 0.36 * s, white)
        case 1:
            var points: [Point] = []
            for k in 0..<10 {
                let a = -Double.pi / 2 + Double(k) * .pi / 5, rad = k % 2 == 0 ? 0.44 : 0.19
                points.append(p(0.5 + rad * cos(a), 0.54 + rad * sin(a)))
            }
            for k in 0..<5 { polygon([p(0.5, 0.54), points[2 * k], points[2 * k + 1], points[(2 * k + 2) % 10]], white) }
        case 2: polygon([p(0.5, 0.12), p(0.9, 0.84), p(0.1, 0.84)], white)
        case 3: roundedRect(Rect(x: r.x + 0.16 * s, y: r.y + 0.16 * s, w: 0.68 * s, h: 0.68 * s), radius: 0.06 * s, white)
        case 4: polygon([p(0.5, 0.08), p(0.88, 0.5), p(0.5, 0.92), p(0.12, 0.5)], white)
        default:
            circle(p(0.33, 0.38), 0.2 * s, white)
            circle(p(0.67, 0.38), 0.2 * s, white)
            polygon([p(0.14, 0.46), p(0.86, 0.46), p(0.5, 0.9)], white)
        }
    }
}
