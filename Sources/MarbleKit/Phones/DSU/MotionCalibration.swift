/// How a device's own axes turn into the pad axes the tracking expects, learned in two poses.
///
/// Phone apps pick their own axes: a server may send a frame turned by 90°, or mirrored, or
/// upside down. The calibration asks for two poses, in pictures: the device held flat (its up
/// direction is then the pad's +Y), and tipped with the far edge down (up then leans towards
/// the player, the pad's +Z). Right (+X) follows by the right-hand rule, Y × Z.
///
/// A mirror cannot be told from two directions of gravity alone; the gyro tells it. Tipping the
/// far edge down is a turn about −X, so the gyro's turn during the tip, taken into the new
/// axes, must point along −X. When it points along +X the server's frame is mirrored (it maps
/// both sensors through the same axes, as servers do), and X is flipped: the matrix is then a
/// reflection, applied to both sensors alike, which undoes the server's.
///
/// The matrix's rows are the device's directions for the pad's X, Y and Z: a reading `v` in the
/// device's axes (after DSU's conversion to SDL's) becomes (right·v, up·v, towards·v).
public struct MotionCalibration: Equatable, Sendable {
    public var right: Vec3
    public var up: Vec3
    public var towards: Vec3

    public init(right: Vec3, up: Vec3, towards: Vec3) {
        self.right = right
        self.up = up
        self.towards = towards
    }

    /// No change: the server follows DS4Windows' and Cemu's convention.
    public static let identity = MotionCalibration(right: Vec3(1, 0, 0), up: Vec3(0, 1, 0), towards: Vec3(0, 0, 1))

    /// The smallest tip, in degrees, that gives a direction to trust.
    public static let minimumTipDegrees = 15.0

    /// A reading in the device's axes, in the pad's.
    public func apply(_ v: Vec3) -> Vec3 { Vec3(right.dot(v), up.dot(v), towards.dot(v)) }

    /// Whether the device's frame was found mirrored (the matrix is a reflection).
    public var isMirrored: Bool { right.cross(up).dot(towards) < 0 }

    /// Why two poses gave no calibration.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// No reading of gravity (the device sent nothing, or zeros).
        case noGravity
        /// The two poses were too alike: tip it further.
        case tippedTooLittle(degrees: Double)
        /// Tipped more than a right angle: it was turned over, not tipped.
        case tippedTooFar(degrees: Double)

        public var description: String {
            switch self {
            case .noGravity: "no reading from the device"
            case .tippedTooLittle(let d): "tipped only \(Int(d.rounded()))°: tip the far edge down further"
            case .tippedTooFar(let d): "tipped \(Int(d.rounded()))°: tip it less than a right angle"
            }
        }
    }

    /// The calibration from gravity held flat, gravity tipped, and the gyro's turn between
    /// (its integral over the tip, in radians, device axes; nil or tiny when there is no gyro).
    public static func learn(flat: Vec3, tipped: Vec3, turn: Vec3? = nil) -> Result<MotionCalibration, Problem> {
        guard let y = flat.normalized, let t = tipped.normalized else { return .failure(.noGravity) }
        let cosine = min(max(y.dot(t), -1), 1)
        let degrees = Maths.atan2(y.cross(t).length, cosine) * 180 / .pi
        if degrees < minimumTipDegrees { return .failure(.tippedTooLittle(degrees: degrees)) }
        if degrees > 100 { return .failure(.tippedTooFar(degrees: degrees)) }
        guard let z = (t - y * t.dot(y)).normalized else { return .failure(.tippedTooLittle(degrees: degrees)) }
        var x = y.cross(z)
        if let turn, turn.isFinite, turn.length > 0.05 {
            // The tip is a turn about −X: along +X means the server's axes are a mirror image.
            if x.dot(turn) > 0 { x = x * -1 }
        }
        return .success(MotionCalibration(right: x, up: y, towards: z))
    }
}

extension MotionCalibration {
    /// The nine numbers, row by row (how `settings.json` keeps it).
    public var numbers: [Double] { [right.x, right.y, right.z, up.x, up.y, up.z, towards.x, towards.y, towards.z] }

    /// A calibration from nine finite numbers whose rows are unit length and at right angles;
    /// anything else is nil (a settings file could hold anything).
    public init?(numbers n: [Double]) {
        guard n.count == 9, n.allSatisfy(\.isFinite) else { return nil }
        let r = Vec3(n[0], n[1], n[2]), u = Vec3(n[3], n[4], n[5]), t = Vec3(n[6], n[7], n[8])
        let tolerance = 1e-6
        for v in [r, u, t] where abs(v.length - 1) > tolerance { return nil }
        for d in [r.dot(u), u.dot(t), r.dot(t)] where abs(d) > tolerance { return nil }
        self.init(right: r, up: u, towards: t)
    }
}
