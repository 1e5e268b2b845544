import MarbleKit

/// Mixes keyboard, pad sticks and pad motion into one tilt, heading and pen per frame.
///
/// The platform layer sets `keys` and `pad` as events arrive, forwards sensor readings,
/// and calls `step(dt:)` once a frame.
public struct Controls: Sendable {
    /// The keys held now.
    public var keys = KeyState()
    /// The pad's sticks and buttons; nil when no pad is connected (motion is then ignored).
    public var pad: PadState?
    /// The player's settings.
    public var options: ControlOptions
    /// The pad's motion sensors; fed through `accelerometer`, `gyro` and `setNeutral`.
    public private(set) var motion = MotionTracker()
    /// The heading given by the last step, degrees clockwise from north in [0, 360).
    public internal(set) var heading: Double

    var keyboard = KeyboardTilt()
    // The tracker's unwrapped turn already added to `heading`, so each step adds only what is new.
    var motionTurnSeen = 0.0

    /// Controls starting at `heading`, so a continued drawing keeps its colour.
    public init(heading: Double = 0, options: ControlOptions = .default) {
        self.heading = HeadingColor.normalized(heading)
        self.options = options
    }

    /// Forwards an accelerometer reading (m/s², SDL axes) to `motion`.
    public mutating func accelerometer(x: Double, y: Double, z: Double, timestampUS: UInt64) {
        motion.accelerometer(x: x, y: y, z: z, timestampUS: timestampUS)
    }

    /// Forwards a gyro reading (rad/s, SDL axes) to `motion`.
    public mutating func gyro(pitch: Double, yaw: Double, roll: Double, timestampUS: UInt64) {
        motion.gyro(pitch: pitch, yaw: yaw, roll: roll, timestampUS: timestampUS)
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

    /// Lets go of every key and centres the pad, as when focus is lost or a pad is removed.
    public mutating func releaseAll() {
        keys = KeyState()
        if pad != nil { pad = PadState() }
    }
}
