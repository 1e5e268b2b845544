import Foundation
import MarbleKit

/// Tilt and turning from a pad's accelerometer and gyroscope, in SDL's sensor conventions.
///
/// With the pad held in front of you SDL's axes are +X right, +Y up, +Z towards the player.
/// The accelerometer reads m/s² including gravity, about (0, +9.81, 0) lying flat; the
/// gyroscope reads rad/s, counter-clockwise positive, about X (pitch), Y (yaw), Z (roll).
/// Timestamps are the sensor's, in microseconds.
public struct MotionTracker: Sendable {
    /// The gravity low-pass time constant, in seconds.
    public static let gravityTimeConstant = 0.08
    /// The longest gap between gyro readings that is still integrated, in seconds.
    public static let maxGyroGap = 0.1
    /// Gravity, in m/s².
    public static let standardGravity = 9.81

    /// The low-pass filtered accelerometer reading (m/s²): the pad's up direction, scaled.
    public private(set) var gravity = Vec3(0, standardGravity, 0)
    /// The unit up direction that gives zero tilt; flat by default.
    public private(set) var neutral = Vec3(0, 1, 0)
    /// Whether an accelerometer reading has arrived.
    public private(set) var hasAccelerometer = false
    /// Whether a gyro reading has arrived.
    public var hasGyro: Bool { lastGyroTime != nil }
    /// All clockwise degrees the gyro (or a compass, while one reads) has turned, unwrapped, so
    /// callers can take differences (the heading itself is the controls' own: `Controls.heading`).
    public internal(set) var turned = 0.0
    /// The gyro's resting rates, learned while the pad is still.
    public internal(set) var bias = GyroRates.zero
    /// Whether `bias` has been learned from a still stretch yet.
    public internal(set) var biasLearned = false

    // The neutral pose's frame: screen-right (x) and towards-the-player (z), both
    // perpendicular to it.
    var frame = (x: Vec3(1, 0, 0), z: Vec3(0, 0, 1))
    var lastAccelTime: UInt64?
    var lastAccelMagnitude = standardGravity
    var lastGyroTime: UInt64?
    var stillWindow = StillWindow()
    // The last compass reading (`compass(degrees:timestampUS:)`), if any.
    var lastCompass: (degrees: Double, timestampUS: UInt64)?

    public init() {}

    /// The tilt in g relative to the neutral pose: x > 0 rolls right, y > 0 towards the top.
    ///
    /// tilt = (−ĝ·e_x, ĝ·e_z) for the unit filtered gravity ĝ, so rolling by θ from neutral
    /// gives sin θ. Zero until an accelerometer reading arrives.
    public var tilt: Vec2 {
        guard hasAccelerometer, let g = gravity.normalized else { return .zero }
        // The up vector leaning to −X means the right side went down: the ball rolls right.
        // A unit vector's parts along two unit axes are at most 1 long: no clamp is needed here.
        return Vec2(-g.dot(frame.x), g.dot(frame.z))
    }

    /// Feeds one accelerometer reading (m/s², gravity included); NaN or infinite is ignored.
    public mutating func accelerometer(x: Double, y: Double, z: Double, timestampUS: UInt64) {
        let reading = Vec3(x, y, z)
        guard reading.isFinite else { return }
        if let last = lastAccelTime, hasAccelerometer {
            // alpha from the real interval keeps the response the same at any sample rate.
            let dt = timestampUS > last ? Double(timestampUS - last) / 1e6 : 0
            let alpha = dt > 0 ? 1 - exp(-dt / Self.gravityTimeConstant) : 0
            gravity = gravity + (reading - gravity) * alpha
        } else {
            gravity = reading
        }
        hasAccelerometer = true
        lastAccelTime = timestampUS
        lastAccelMagnitude = reading.length
    }

    /// Feeds one gyro reading (rad/s); the bias-corrected yaw adds to `turned`.
    ///
    /// Counter-clockwise yaw lowers the clockwise `turned`. A reading more than `maxGyroGap`
    /// after the last one (or not after it) is not integrated; NaN or infinite is ignored.
    public mutating func gyro(pitch: Double, yaw: Double, roll: Double, timestampUS: UInt64) {
        let reading = GyroRates(pitch: pitch, yaw: yaw, roll: roll)
        guard reading.isFinite else { return }
        var dt: Double?
        if let last = lastGyroTime, timestampUS > last {
            let step = Double(timestampUS - last) / 1e6
            // Across a gap (pad asleep, clock jump) the rate is unknown: integrating the
            // last rate over it would spin the heading by an arbitrary amount.
            if step <= Self.maxGyroGap { dt = step }
        }
        lastGyroTime = timestampUS
        learnBias(from: reading, dt: dt)
        // While a compass gives the heading, the gyro's yaw does not add to it too.
        guard let dt, !compassFollowed(at: timestampUS) else { return }
        let degrees = (yaw - bias.yaw) * dt * 180 / .pi
        turned -= degrees
    }

    /// Makes the current filtered gravity direction neutral, so the tilt is zero now.
    public mutating func setNeutral() {
        guard hasAccelerometer else { return }
        setNeutral(up: gravity)
    }

    /// Makes `up` (in the pad's axes, any length) the neutral direction; zero is ignored.
    public mutating func setNeutral(up: Vec3) {
        guard let n = up.normalized else { return }
        let x = Vec3(1, 0, 0), z = Vec3(0, 0, 1)
        let px = x - n * x.dot(n)
        if px.length > 1e-3, let ex = px.normalized {
            frame = (x: ex, z: ex.cross(n))
        } else if let ez = (z - n * z.dot(n)).normalized {
            // The pad stood on its side: X is the up direction, so build the frame from Z.
            frame = (x: n.cross(ez), z: ez)
        } else {
            return
        }
        neutral = n
    }
}
