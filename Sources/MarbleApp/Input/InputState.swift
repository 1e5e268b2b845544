import MarbleKit

/// What the player is holding right now: keys, pad buttons and sticks, and the pad in use.
///
/// The one copy of held input. The controls' `KeyState` and `PadState` are read off it each
/// frame, never stored beside it, so a key released while the window is busy cannot leave a
/// stale copy steering the ball.
public struct InputState: Sendable {
    /// The pad in use: its name and whether it has motion sensors.
    public struct Pad: Equatable, Sendable {
        public var name: String
        public var hasMotion: Bool
        /// Stick axes in −1…1, y positive down (SDL's convention).
        public var sticks = Sticks()
    }

    /// A pad's two sticks.
    public struct Sticks: Equatable, Sendable {
        public var leftX = 0.0, leftY = 0.0, rightX = 0.0, rightY = 0.0
    }

    /// The tilt, heading and motion integrators.
    public private(set) var controls: Controls
    /// The pad connected, if any.
    public internal(set) var pad: Pad?
    /// Keys held now.
    public internal(set) var keys = Set<Key>()
    /// Pad buttons held now.
    public internal(set) var padButtons = Set<PadButton>()
    // Pen buttons (Space, the pad's A) pressed while the drawing was live: only these lift the
    // pen, so the Space or A that chose Start (or Go on) does not.
    var penHolds = Set<PenHold>()
    // A stick pushed past the latch moves focus once, until it comes back.
    var stickLatch: Direction?

    enum PenHold: Hashable, Sendable { case space, south }

    public init() {
        controls = Controls(heading: 0)
    }

    // MARK: - Read off the held input

    /// The keys as the controls read them.
    public var keyState: KeyState {
        KeyState(left: keys.contains(.left) || keys.contains(.a),
                 right: keys.contains(.right) || keys.contains(.d),
                 up: keys.contains(.up) || keys.contains(.w),
                 down: keys.contains(.down) || keys.contains(.s),
                 turnLeft: keys.contains(.q), turnRight: keys.contains(.e),
                 penUp: penHolds.contains(.space))
    }

    /// The pad as the controls read it; nil when no pad is connected.
    public var padState: PadState? {
        guard let pad else { return nil }
        return PadState(leftX: pad.sticks.leftX, leftY: pad.sticks.leftY,
                        rightX: pad.sticks.rightX, rightY: pad.sticks.rightY,
                        leftShoulder: padButtons.contains(.leftShoulder),
                        rightShoulder: padButtons.contains(.rightShoulder),
                        south: penHolds.contains(.south))
    }

    /// Steps the controls by `dt` seconds with the input held now, as `options` say.
    public mutating func step(dt: Double, options: ControlOptions = .default) -> ControlOutput {
        controls.step(dt: dt, keys: keyState, pad: padState, options: options)
    }

    // MARK: - The pad's motion and the heading

    /// An accelerometer reading (m/s², SDL axes) from the pad.
    mutating func accelerometer(x: Double, y: Double, z: Double, timestampUS: UInt64) {
        controls.accelerometer(x: x, y: y, z: z, timestampUS: timestampUS)
    }

    /// A gyro reading (rad/s, SDL axes) from the pad.
    mutating func gyro(pitch: Double, yaw: Double, roll: Double, timestampUS: UInt64) {
        controls.gyro(pitch: pitch, yaw: yaw, roll: roll, timestampUS: timestampUS)
    }

    /// The pad's pose now is level.
    mutating func setNeutral() { controls.setNeutral() }

    /// The heading starts again at `degrees` (a drawing opened).
    mutating func resetHeading(_ degrees: Double) { controls.resetHeading(degrees) }

    // MARK: - Changes

    mutating func keyDown(_ key: Key, live: Bool) {
        keys.insert(key)
        if key == .space && live { penHolds.insert(.space) }
    }

    mutating func keyUp(_ key: Key) {
        keys.remove(key)
        if key == .space { penHolds.remove(.space) }
    }

    mutating func padButtonDown(_ b: PadButton, live: Bool) {
        guard pad != nil else { return }
        padButtons.insert(b)
        if b == .south && live { penHolds.insert(.south) }
    }

    mutating func padButtonUp(_ b: PadButton) {
        padButtons.remove(b)
        if b == .south { penHolds.remove(.south) }
    }

    /// The sticks moved; returns a direction to move focus by, once per push, when not drawing.
    mutating func sticksMoved(_ sticks: Sticks, live: Bool, leftHanded: Bool = false) -> Direction? {
        guard pad != nil else { return nil }
        pad?.sticks = sticks
        return latchStick(x: leftHanded ? sticks.rightX : sticks.leftX,
                          y: leftHanded ? sticks.rightY : sticks.leftY, live: live)
    }

    /// A pad was connected, or another took over from one unplugged (with no removal between):
    /// its gravity, neutral pose, gyro bias, sticks and buttons are its own.
    mutating func padAdded(name: String, hasMotion: Bool) {
        pad = Pad(name: name, hasMotion: hasMotion)
        padButtons = []
        penHolds.remove(.south)
        controls.resetMotion()
    }

    mutating func padRemoved() {
        pad = nil
        padButtons = []
        penHolds.remove(.south)
    }

    /// The window lost the keyboard: the keys held now will never report their release.
    mutating func releaseKeys() {
        keys = []
        penHolds.remove(.space)
    }

    mutating func latchStick(x: Double, y: Double, live: Bool) -> Direction? {
        guard !live else { stickLatch = nil; return nil }
        let m = max(abs(x), abs(y))
        if m < 0.3 { stickLatch = nil; return nil }
        guard m > 0.6, stickLatch == nil else { return nil }
        let dir: Direction = abs(x) > abs(y) ? (x > 0 ? .right : .left) : (y > 0 ? .down : .up)
        stickLatch = dir
        return dir
    }
}
