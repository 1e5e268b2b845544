/// A two-dimensional vector of `Double`s: canvas pixels (x right, y down) or tilt in g.
public struct Vec2: Equatable, Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vec2(0, 0)

    /// The Euclidean length.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// Whether both components are finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }

    public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(a.x * s, a.y * s) }
}
