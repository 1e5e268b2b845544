import MarbleApp
import MarbleKit

extension Shapes {
    /// The pictures of painting over a picture: a framed picture (or the empty board's frame)
    /// and the glass, a drop as see-through as the paint.
    mutating func pictureIcon(_ icon: Icon, in r: Rect, _ c: RGBA8) {
        func p(_ u: Double, _ v: Double) -> Point { Point(r.x + u * r.w, r.y + v * r.h) }
        let s = r.w
        switch icon {
        case .picture(let filled):
            // A frame; in it, when filled, a hill and the sun.
            let frame = Rect(x: r.x + 0.08 * s, y: r.y + 0.18 * s, w: 0.84 * s, h: 0.64 * s)
            rect(Rect(x: frame.x, y: frame.y, w: frame.w, h: 0.06 * s), c)
            rect(Rect(x: frame.x, y: frame.maxY - 0.06 * s, w: frame.w, h: 0.06 * s), c)
            rect(Rect(x: frame.x, y: frame.y, w: 0.06 * s, h: frame.h), c)
            rect(Rect(x: frame.maxX - 0.06 * s, y: frame.y, w: 0.06 * s, h: frame.h), c)
            if filled {
                polygon([p(0.16, 0.76), p(0.42, 0.42), p(0.62, 0.66), p(0.72, 0.56), p(0.84, 0.76)], c)
                circle(p(0.7, 0.34), 0.08 * s, c)
            }
        case .glass(let opacity):
            // A drop: its outline, filled as much as the paint covers.
            let a = UInt8((max(0.15, min(1, opacity)) * 255).rounded())
            ring(p(0.5, 0.6), 0.28 * s, width: 0.05 * s, c)
            polygon([p(0.5, 0.1), p(0.76, 0.5), p(0.24, 0.5)], RGBA8(c.r, c.g, c.b, a))
            circle(p(0.5, 0.6), 0.26 * s, RGBA8(c.r, c.g, c.b, a))
        default:
            break
        }
    }
}
