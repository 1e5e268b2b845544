/// A point in window pixels (x right, y down).
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle in window pixels.
public struct Rect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var w: Double
    public var h: Double

    public init(x: Double, y: Double, w: Double, h: Double) {
        self.x = x
        self.y = y
        self.w = w
        self.h = h
    }

    public var center: Point { Point(x + w / 2, y + h / 2) }
    public var maxX: Double { x + w }
    public var maxY: Double { y + h }

    /// Whether `p` lies inside (the left and top edges count, the right and bottom do not).
    public func contains(_ p: Point) -> Bool { p.x >= x && p.x < x + w && p.y >= y && p.y < y + h }

    /// The rectangle shrunk by `d` on every side.
    public func inset(_ d: Double) -> Rect { Rect(x: x + d, y: y + d, w: max(0, w - 2 * d), h: max(0, h - 2 * d)) }

    /// The largest rectangle of the aspect `width`:`height` centred in this one (letterboxing).
    public func fitting(width: Double, height: Double) -> Rect {
        guard width > 0, height > 0, w > 0, h > 0 else { return Rect(x: x, y: y, w: 0, h: 0) }
        let s = min(w / width, h / height)
        let fw = width * s, fh = height * s
        return Rect(x: x + (w - fw) / 2, y: y + (h - fh) / 2, w: fw, h: fh)
    }
}
