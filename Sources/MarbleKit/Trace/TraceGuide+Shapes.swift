/// The four outlines, each fitted into the guide's box.
extension TraceGuide {
    /// Corners used for the curved shapes: the circle's chords stray less than 0.003 px from
    /// the true circle at a radius of 240 px.
    static let curveVertices = 720

    /// The outline of `shape`, fitted into the square of half side `halfSize` around `center`.
    static func outline(_ shape: TraceShape, center c: Vec2, halfSize s: Double) -> [Vec2] {
        switch shape {
        case .circle:
            // Exactly on the circle, clockwise from the top.
            return (0..<curveVertices).map { k in
                let a = 2 * Double.pi * Double(k) / Double(curveVertices)
                return Vec2(c.x + s * Maths.sin(a), c.y - s * Maths.cos(a))
            }
        case .square:
            // Clockwise from the top left corner: the box itself.
            return [Vec2(c.x - s, c.y - s), Vec2(c.x + s, c.y - s), Vec2(c.x + s, c.y + s), Vec2(c.x - s, c.y + s)]
        case .star:
            return fit(unitStar, center: c, halfSize: s)
        case .heart:
            return fit(unitHeart, center: c, halfSize: s)
        }
    }

    /// A five-pointed star of outer radius 1, clockwise from its top point, alternating with the
    /// inner corners of a regular pentagram (inner radius sin 18° / sin 54° ≈ 0.382).
    static var unitStar: [Vec2] {
        let inner = Maths.sin(Double.pi / 10) / Maths.sin(3 * Double.pi / 10)
        return (0..<10).map { k in
            let a = Double(k) * Double.pi / 5
            let r = k.isMultiple(of: 2) ? 1 : inner
            return Vec2(r * Maths.sin(a), -r * Maths.cos(a))
        }
    }

    /// The classic heart curve x = 16 sin³t, y = −(13 cos t − 5 cos 2t − 2 cos 3t − cos 4t)
    /// (y down), from the dip at the top, clockwise.
    static var unitHeart: [Vec2] {
        (0..<curveVertices).map { k in
            let t = 2 * Double.pi * Double(k) / Double(curveVertices)
            let st = Maths.sin(t)
            return Vec2(16 * st * st * st, -(13 * Maths.cos(t) - 5 * Maths.cos(2 * t) - 2 * Maths.cos(3 * t) - Maths.cos(4 * t)))
        }
    }

    /// `points` scaled uniformly until their bounding box's longer side is 2·`halfSize`, and
    /// moved so that the box's centre is `center`.
    static func fit(_ points: [Vec2], center: Vec2, halfSize: Double) -> [Vec2] {
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return [] }
        let scale = 2 * halfSize / max(x1 - x0, y1 - y0)
        let mid = Vec2((x0 + x1) / 2, (y0 + y1) / 2)
        return points.map { center + ($0 - mid) * scale }
    }
}
