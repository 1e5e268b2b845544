/// Sizes for a window: everything is laid out on a 1280×800 design and scaled by `u`.
public struct Layout: Equatable, Sendable {
    public let width: Double
    public let height: Double
    /// Pixels per design unit.
    public let u: Double

    public init(width: Double, height: Double) {
        self.width = max(1, width)
        self.height = max(1, height)
        u = max(0.25, min(self.width / 1280, self.height / 800))
    }

    public var bounds: Rect { Rect(x: 0, y: 0, w: width, h: height) }

    /// A row of `count` squares of side `side` design units, `gap` apart, centred at height `y`.
    public func row(count: Int, side: Double, gap: Double, centerY: Double, aspect: Double = 1) -> [Rect] {
        let w = side * aspect * u, h = side * u, g = gap * u
        let total = Double(count) * w + Double(max(0, count - 1)) * g
        let x0 = (width - total) / 2
        return (0..<count).map { Rect(x: x0 + Double($0) * (w + g), y: centerY * u - h / 2 + (height - 800 * u) / 2, w: w, h: h) }
    }

    /// A point in design units, centred in the window.
    public func point(_ x: Double, _ y: Double) -> Point {
        Point((width - 1280 * u) / 2 + x * u, (height - 800 * u) / 2 + y * u)
    }

    /// A rectangle in design units, centred in the window.
    public func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        let p = point(x, y)
        return Rect(x: p.x, y: p.y, w: w * u, h: h * u)
    }
}
