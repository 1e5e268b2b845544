import MarbleKit

/// Mixes keyboard, pad sticks and pad motion into one tilt, heading and pen per frame.
///
/// It owns what integrates over time (the keyboard's ramps, the pad's motion, the heading);
/// the keys and pad held, and the player's options (derived from the settings), are given to
/// each `step`.
public struct Controls: Sendable {
    /// The pad's motion sensors; fed through `accelerometer`, `gyro` and `setNeutral`.
    public private(set) var motion = MotionTracker()
    /// The heading given by the last step, degrees clockwise from north in [0, 360).
    public internal(set) var heading: Double

    var keyboard = KeyboardTilt()
    // The tracker's unwrapped turn already added to `heading`, so each step adds only what is new.
    var motionTurnSeen = 0.0

    /// Controls starting at `heading`, so a continued drawing keeps its colour.
    public init(heading: Double = 0) {
        self.heading = HeadingColor.normalized(heading)
    }

    /// Forwards an accelerometer reading (m/s², SDL axes) to `motion`.
    public mutating func accelerometer(x: Double, y: Double, z: Double, timestampUS: UInt64) {
        motion.accelerometer(x: x, y: y, z: z, timestampUS: timestampUS)
    }

    /// Forwards a gyro reading (rad/s, SDL axes) to `motion`.
    public mutating func gyro(pitch: Double, yaw: Double, roll: Double, timestampUS: UInt64) {
        motion.gyro(pitch: pitch, yaw: yaw, roll: roll, timestampUS: timestampUS)
    }

    /// Forwards a compass heading (degrees clockwise from north) to `motion`.
    public mutating func compass(degrees: Double, timestampUS: UInt64) {
        motion.compass(degrees: degrees, timestampUS: timestampUS)
    }

    /// Makes the pad's current pose the zero-tilt pose.
    public mutating func setNeutral() {
        motion.setNeutral()
    }

    /// Forgets the motion sensors' state (gravity, neutral, bias), as for a newly connected pad.
    public mutating func resetMotion() {
        motion = MotionTracker()
        motionTurnSeen = 0
    }

    /// Restarts the heading at `degrees` clockwise from north (wrapped), as for a resumed drawing.
    public mutating func resetHeading(_ degrees: Double) {
        heading = HeadingColor.normalized(degrees)
        // The gyro's turn before now (the pad turned in the menus) must not move the new heading.
        motionTurnSeen = motion.turned
    }
}
