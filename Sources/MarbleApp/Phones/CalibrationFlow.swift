import MarbleKit

/// The two-step calibration in progress: hold it flat and press; tip the far edge down and press.
///
/// It reads the device's own axes (DSU's converted to SDL's, not yet calibrated): gravity
/// filtered as the tracker filters it, and the gyro's turn since the first press (which tells a
/// mirrored frame, see `MotionCalibration`).
public struct CalibrationFlow: Equatable, Sendable {
    public enum Step: Equatable, Sendable { case holdFlat, tipFarEdge }

    public private(set) var step = Step.holdFlat
    /// Gravity held flat, once pressed.
    public private(set) var flat: Vec3?
    /// Gravity now, low-pass filtered (nil until a reading comes).
    public private(set) var gravity: Vec3?
    /// The gyro's turn since the first press, radians, device axes.
    public private(set) var turn = Vec3.zero
    var lastUS: UInt64?

    public init() {}

    /// A raw reading from the device (SDL's axes and units, not calibrated).
    public mutating func feed(accelerometer a: Vec3, gyro g: Vec3, timestampUS t: UInt64) {
        guard a.isFinite, g.isFinite else { return }
        let dt = lastUS.map { t > $0 ? min(Double(t - $0) / 1e6, MotionTracker.maxGyroGap) : 0 } ?? 0
        lastUS = t
        if let g0 = gravity {
            let alpha = dt > 0 ? 1 - Maths.exp(-dt / MotionTracker.gravityTimeConstant) : 0
            gravity = g0 + (a - g0) * alpha
        } else {
            gravity = a
        }
        if step == .tipFarEdge { turn = turn + g * dt }
    }

    /// A press: the flat pose is kept (nil: on to the second step), or the calibration made
    /// from both, or why it could not be.
    public mutating func press() -> Result<MotionCalibration, MotionCalibration.Problem>? {
        guard let gravity else { return .failure(.noGravity) }
        switch step {
        case .holdFlat:
            flat = gravity
            turn = .zero
            step = .tipFarEdge
            return nil
        case .tipFarEdge:
            let result = MotionCalibration.learn(flat: flat ?? gravity, tipped: gravity, turn: turn)
            // A failed tip starts again from the flat step: the pictures say it once more.
            if case .failure = result {
                step = .holdFlat
                flat = nil
                turn = .zero
            }
            return result
        }
    }
}
