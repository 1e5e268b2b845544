/// How much a drawing made its player move: an odometer with a dead band, so slow tilting
/// counts and a still pad's jitter does not.
///
/// - `tiltDegrees`: the board's unit down vector d = normalize(tx, ty, −√max(0, 1 − tx² − ty²)),
///   the tilt clamped to 1 g as the session clamps it. An anchor starts at the first sample's
///   d; at each later sample γ = the angle between the anchor and d (atan2(|a×d|, a·d)); when
///   γ ≥ 1°, γ is added and the anchor moves to d. Once round a 30° cone is about 180°.
/// - `turnDegrees`: the same with the heading, by the signed shorter arc from its anchor, when
///   it reaches 2° (350° → 10° is 20°).
/// - `activeSeconds`: the drawing's time cut into 1 s windows from its first sample; a window
///   is active when in it the tilt grew by ≥ 3° or the turn by ≥ 10° (an addition belongs to the
///   window of the sample that made it); the active windows' length, clipped to the drawing's span.
///
/// Fed the samples a session accepts, in order; NaN or infinite ones are not counted. A value:
/// the meter's whole state is its fields, so a drawing continued from a copy counts exactly as
/// the one long run.
public struct MovementMeter: Equatable, Sendable {
    /// Degrees the board was tilted through.
    public internal(set) var tiltDegrees = 0.0
    /// Degrees the heading was turned through.
    public internal(set) var turnDegrees = 0.0

    static let tiltDeadBand = 1.0
    static let turnDeadBand = 2.0
    static let activeTilt = 3.0
    static let activeTurn = 10.0

    var tiltAnchor: Vec3?
    var turnAnchor: Double?
    var origin: Double?
    var last = 0.0
    // The open window's index and what grew in it; the active windows closed before it.
    var window = 0
    var windowTilt = 0.0
    var windowTurn = 0.0
    var closedActive = 0

    public init() {}

    /// Seconds of the drawing spent moving (see above).
    public var activeSeconds: Double {
        guard let origin else { return 0 }
        let open = windowIsActive ? min(1, max(0, last - origin - Double(window))) : 0
        return Double(closedActive) + open
    }

    var windowIsActive: Bool { windowTilt >= Self.activeTilt || windowTurn >= Self.activeTurn }

    /// Counts one sample, as fed to a session; one the session would drop counts for nothing.
    public mutating func add(_ sample: Sample) {
        guard case .success(let s) = sample.sanitized() else { return }
        let origin = self.origin ?? s.t
        self.origin = origin
        guard s.t >= last || tiltAnchor == nil else { return }
        last = s.t
        let k = Int(Maths.floor((s.t - origin) / 1))
        if k > window {
            if windowIsActive { closedActive += 1 }
            window = k
            windowTilt = 0
            windowTurn = 0
        }
        let d = Self.down(s.tilt)
        if let a = tiltAnchor {
            let gamma = Self.surelyWithinDeadBand(a, d) ? 0 : Self.degrees(between: a, d)
            if gamma >= Self.tiltDeadBand {
                tiltDegrees += gamma
                windowTilt += gamma
                tiltAnchor = d
            }
        } else {
            tiltAnchor = d
        }
        if let h = turnAnchor {
            var delta = Maths.remainder(s.heading - h, dividingBy: 360)
            if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
            if abs(delta) >= Self.turnDeadBand {
                turnDegrees += abs(delta)
                windowTurn += abs(delta)
                turnAnchor = s.heading
            }
        } else {
            turnAnchor = s.heading
        }
    }

    /// The board's unit down vector for a tilt (already at most 1 g long).
    static func down(_ t: Vec2) -> Vec3 {
        let z = -Maths.squareRoot(max(0, 1 - t.x * t.x - t.y * t.y))
        return Vec3(t.x, t.y, z).normalized ?? Vec3(0, 0, -1)
    }

    /// Whether the angle between two unit vectors is surely below `tiltDeadBand`, without atan2.
    ///
    /// Most samples move the board by less than the dead band, and atan2 was a twentieth of a
    /// four-marble replay. The test is `|a×b|² < tan²(0.999°)·(a·b)²` with `a·b > 0`: the angle
    /// is then below 0.999° (plus rounding errors near 1e-16), which `degrees(between:)` can
    /// never read as 1° or more; a pair it cannot decide goes to atan2, so the sum is unchanged.
    @inline(__always)
    static func surelyWithinDeadBand(_ a: Vec3, _ b: Vec3) -> Bool {
        let c = a.cross(b), dot = a.dot(b)
        return dot > 0 && c.x * c.x + c.y * c.y + c.z * c.z < tan0999Squared * dot * dot
    }

    /// tan²(0.999°), for `surelyWithinDeadBand` (tan 0.999° = 0.0174376…).
    static let tan0999Squared = 0.017_437_606_323_357_8 * 0.017_437_606_323_357_8

    /// The angle between two unit vectors, in degrees, by atan2 (exact near 0° and 180°).
    static func degrees(between a: Vec3, _ b: Vec3) -> Double {
        Maths.atan2(a.cross(b).length, a.dot(b)) * 180 / .pi
    }
}
