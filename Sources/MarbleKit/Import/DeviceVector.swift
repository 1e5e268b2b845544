/// A vector in the phone's own axes: +x right, +y towards the top edge, +z out of the screen.
struct DeviceVector: Equatable, Sendable {
    var x: Double
    var y: Double
    var z: Double

    init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The Euclidean length.
    var length: Double { (x * x + y * y + z * z).squareRoot() }

    /// Whether all three components are finite.
    var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// This vector scaled to length 1, or nil when it has no direction (zero or not finite).
    var unit: DeviceVector? {
        let len = length
        guard isFinite, len.isFinite, len > 0 else { return nil }
        return DeviceVector(x / len, y / len, z / len)
    }

    func dot(_ b: DeviceVector) -> Double { x * b.x + y * b.y + z * b.z }

    func cross(_ b: DeviceVector) -> DeviceVector {
        DeviceVector(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x)
    }

    static func + (a: DeviceVector, b: DeviceVector) -> DeviceVector { DeviceVector(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func - (a: DeviceVector, b: DeviceVector) -> DeviceVector { DeviceVector(a.x - b.x, a.y - b.y, a.z - b.z) }
    static func * (a: DeviceVector, s: Double) -> DeviceVector { DeviceVector(a.x * s, a.y * s, a.z * s) }
    static prefix func - (a: DeviceVector) -> DeviceVector { DeviceVector(-a.x, -a.y, -a.z) }
}
