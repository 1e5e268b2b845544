/// A shape's guide on a canvas: a closed polyline, centred, sized from 0.3·min(W, H).
///
/// Every shape fits the same box: a square of side 2·0.3·min(W, H) around the canvas's centre.
/// The circle's radius is exactly 0.3·min(W, H); the square is that box; the star (five points,
/// the first at the top) and the heart are scaled, keeping their proportions, until their
/// bounding box touches the box on two opposite sides, and centred in it.
///
/// The guide is drawn over the canvas by the window, never into it, and it is what a drawing is
/// scored against (`TraceScore`).
public struct TraceGuide: Equatable, Sendable {
    /// The share of the canvas's shorter side that sets a guide's size.
    public static let sizeFactor = 0.3

    public let shape: TraceShape
    /// The corners of the closed polyline in canvas pixels (x right, y down), in drawing order;
    /// the last joins the first.
    public let vertices: [Vec2]
    /// The canvas's centre, where the guide's box is centred.
    public let center: Vec2
    /// Half the side of the box every shape fits: 0.3·min(W, H) (the circle's radius).
    public let halfSize: Double

    /// The guide of `shape` on a canvas of `width`×`height` pixels.
    public init(_ shape: TraceShape, width: Int, height: Int) {
        self.shape = shape
        center = Vec2(Double(width) / 2, Double(height) / 2)
        halfSize = Self.sizeFactor * Double(min(width, height))
        vertices = Self.outline(shape, center: center, halfSize: halfSize)
    }

    /// The guide's bounding box: (min x, min y, max x, max y) of its vertices.
    public var bounds: (x0: Double, y0: Double, x1: Double, y1: Double) {
        var b = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        for v in vertices {
            b = (min(b.x0, v.x), min(b.y0, v.y), max(b.x1, v.x), max(b.y1, v.y))
        }
        return b
    }

    /// The length of the closed polyline, in px.
    public var length: Double {
        guard let last = vertices.last else { return 0 }
        var total = 0.0, previous = last
        for v in vertices {
            total += (v - previous).length
            previous = v
        }
        return total
    }
}
