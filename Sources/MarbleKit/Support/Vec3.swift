/// A three-dimensional vector of `Double`s: a motion sensor reading in the pad's axes.
public struct Vec3: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static let zero = Vec3(0, 0, 0)

    /// The Euclidean length.
    public var length: Double { dot(self).squareRoot() }

    /// Whether all components are finite.
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// The unit vector in the same direction, or nil when the length is zero or not finite.
    public var normalized: Vec3? {
        let m = length
        guard m > 0, m.isFinite else { return nil }
        return self * (1 / m)
    }

    public func dot(_ o: Vec3) -> Double { x * o.x + y * o.y + z * o.z }

    public func cross(_ o: Vec3) -> Vec3 {
        Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    }

    public static func + (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x + b.x, a.y + b.y, a.z + b.z) }
    public static func - (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x - b.x, a.y - b.y, a.z - b.z) }
    public static func * (a: Vec3, s: Double) -> Vec3 { Vec3(a.x * s, a.y * s, a.z * s) }
}
