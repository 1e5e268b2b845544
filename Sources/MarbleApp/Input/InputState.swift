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
        /// It has motion sensors, but the system keeps them from us (see `MotionPads`).
        public var motionBlocked = false
        /// Stick axes in −1…1, y positive down (SDL's convention).
        public var sticks = Sticks()
    }

    /// A pad's two sticks.
    public struct Sticks: Equatable, Sendable {
        public var leftX = 0.0, leftY = 0.0, rightX = 0.0, rightY = 0.0
    }

    /// The tilt, heading and motion integrators.
    public private(set) var controls: Controls
    /// The second marble's, in a drawing of two: the right hand's keys, and the pad or phone.
    /// The pad's motion is tracked in both, so either can take it up with its gravity and
    /// neutral pose already known.
    public internal(set) var secondControls = Controls(heading: 0)
    /// Whether the open drawing has two marbles: then a pad and a phone, both there, are one
    /// marble's each (the phone marble 1's, the pad marble 2's).
    public private(set) var twoMarbles = false
    /// A second pad, plugged in beside the first: the second marble's own (its sticks, its
    /// buttons, its motion in `secondControls`).
    public internal(set) var secondPad: Pad?
    /// Its buttons held now.
    public internal(set) var secondPadButtons = Set<PadButton>()
    /// Marble 2's phone or handheld (DSU), while it sends: the second marble's, as a second
    /// pad is (and before one, if both are there).
    public internal(set) var secondRemote: Pad?
    /// Its buttons held now.
    public internal(set) var secondRemoteButtons = Set<PadButton>()
    /// The pad connected, if any.
    public internal(set) var pad: Pad?
    /// Keys held now.
    public internal(set) var keys = Set<Key>()
    /// Pad buttons held now.
    public internal(set) var padButtons = Set<PadButton>()
    /// The phone or handheld sending motion over DSU, while it sends: it acts as a pad.
    public internal(set) var remote: Pad?
    /// Its buttons held now.
    public internal(set) var remoteButtons = Set<PadButton>()
    // Pen buttons (Space, the pad's A) pressed while the drawing was live: only these lift the
    // pen, so the Space or A that chose Start (or Go on) does not.
    var penHolds = Set<PenHold>()
    // A stick pushed past the latch moves focus once, until it comes back.
    var stickLatch: Direction?

    enum PenHold: Hashable, Sendable { case space, south, rightShift }

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
    /// A pad and a phone held together act as one: each stick is whichever is pushed further,
    /// the buttons are both sets.
    public var padState: PadState? {
        guard pad != nil || remote != nil else { return nil }
        let a = pad?.sticks ?? Sticks(), b = remote?.sticks ?? Sticks()
        func further(_ x: Double, _ y: Double) -> Double { abs(x) >= abs(y) ? x : y }
        let held = padButtons.union(remoteButtons)
        return PadState(leftX: further(a.leftX, b.leftX), leftY: further(a.leftY, b.leftY),
                        rightX: further(a.rightX, b.rightX), rightY: further(a.rightY, b.rightY),
                        leftShoulder: held.contains(.leftShoulder),
                        rightShoulder: held.contains(.rightShoulder),
                        south: penHolds.contains(.south))
    }

    /// Steps the controls by `dt` seconds with the input held now, as `options` say.
    public mutating func step(dt: Double, options: ControlOptions = .default) -> ControlOutput {
        controls.step(dt: dt, keys: keyState, pad: padState, options: options)
    }

    /// Steps both marbles' controls of a drawing of two: marble 1 with the left hand's keys
    /// (WASD, Q/E, Space), marble 2 with the right hand's (the arrows, comma and period, Right
    /// Shift), each with the device `drivers` gives it.
    public mutating func stepBoth(dt: Double, options: ControlOptions = .default) -> (ControlOutput, ControlOutput) {
        let (a, b) = drivers
        return (controls.step(dt: dt, keys: leftHandKeys, pad: padState(of: a), options: options),
                secondControls.step(dt: dt, keys: rightHandKeys, pad: padState(of: b), options: options))
    }

    /// A drawing of two marbles is open (or one of one).
    mutating func drawing(twoMarbles: Bool) { self.twoMarbles = twoMarbles }

    /// Marble 2's heading starts again at `degrees` (a drawing of two opened).
    mutating func resetSecondHeading(_ degrees: Double) { secondControls.resetHeading(degrees) }

    /// The pad's and phone's motion, fed to both marbles' controls (the step decides which
    /// marble the pad drives); with two marbles, a pad and a phone, the pad's to marble 2's
    /// and the phone's to marble 1's only (`fromPad`: which one this is).
    private mutating func withPadControls(fromPad: Bool = true, _ body: (inout Controls) -> Void) {
        // With a second pad or phone, the first pad (and phone) are marble 1's alone.
        if hasSecondDevice { return body(&controls) }
        let split = twoMarbles && pad != nil && remote != nil
        if !split || !fromPad { body(&controls) }
        if !split || fromPad { body(&secondControls) }
    }

    // MARK: - The pad's motion and the heading

    /// An accelerometer reading (m/s², SDL axes) from the pad; while a phone sends, its
    /// motion is the one tracked (two clocks and two poses cannot share one tracker), but in a
    /// drawing of two, where the phone and the pad drive a marble each.
    mutating func accelerometer(x: Double, y: Double, z: Double, timestampUS: UInt64) {
        guard padMotionCounts else { return }
        withPadControls { $0.accelerometer(x: x, y: y, z: z, timestampUS: timestampUS) }
    }

    /// A gyro reading (rad/s, SDL axes) from the pad (not while a phone sends).
    mutating func gyro(pitch: Double, yaw: Double, roll: Double, timestampUS: UInt64) {
        guard padMotionCounts else { return }
        withPadControls { $0.gyro(pitch: pitch, yaw: yaw, roll: roll, timestampUS: timestampUS) }
    }

    /// Whether the pad's motion is used: not while a phone sends to the same marble.
    private var padMotionCounts: Bool { remote == nil || (twoMarbles && !hasSecondDevice) }

    /// The pad's pose now is level.
    mutating func setNeutral() { withPadControls { $0.setNeutral() } }

    /// The heading starts again at `degrees` (a drawing opened).
    mutating func resetHeading(_ degrees: Double) { controls.resetHeading(degrees) }

    // MARK: - The phone or handheld (DSU): it acts as a pad while it sends
    /// The phone sends (again). `fresh` (a new server, or the first report) forgets the
    /// tracked motion; a phone coming back after a silence picks up its pose and heading.
    mutating func remoteSending(name: String, fresh: Bool) {
        remote = Pad(name: name, hasMotion: true, sticks: remote?.sticks ?? Sticks())
        if fresh { withPadControls { $0.resetMotion() } }
    }

    /// The phone went quiet: its tilt and buttons stop counting (a frozen tilt would roll the
    /// ball on its own); the keys and the pad go on.
    mutating func remoteQuiet() {
        remote = nil
        for b in remoteButtons where b == .south && !padButtons.contains(.south) { penHolds.remove(.south) }
        remoteButtons = []
    }

    /// A report's motion, in SDL's pad axes.
    mutating func remoteMotion(_ r: PhoneReport) {
        guard remote != nil else { return }
        withPadControls(fromPad: false) {
            $0.accelerometer(x: r.accelerometer.x, y: r.accelerometer.y, z: r.accelerometer.z, timestampUS: r.timestampUS)
            $0.gyro(pitch: r.gyro.x, yaw: r.gyro.y, roll: r.gyro.z, timestampUS: r.timestampUS)
        }
    }

    /// A report's buttons: the ones newly pressed (to act on), after noting what is held.
    mutating func remoteButtons(_ held: Set<PadButton>, live: Bool) -> [PadButton] {
        let pressed = held.subtracting(remoteButtons)
        let released = remoteButtons.subtracting(held)
        remoteButtons = held
        if pressed.contains(.south) && live { penHolds.insert(.south) }
        if released.contains(.south) && !padButtons.contains(.south) { penHolds.remove(.south) }
        return PhoneReport.buttonBits.map(\.1).filter(pressed.contains)
    }

    /// A report's sticks; a direction to move focus by, once per push, when not drawing.
    mutating func remoteSticks(_ sticks: Sticks, live: Bool, leftHanded: Bool) -> Direction? {
        guard remote != nil, remote?.sticks != sticks else { return nil }
        remote?.sticks = sticks
        guard pad == nil else { return nil }
        return latchStick(x: leftHanded ? sticks.rightX : sticks.leftX,
                          y: leftHanded ? sticks.rightY : sticks.leftY, live: live)
    }

    // MARK: - Changes

    mutating func keyDown(_ key: Key, live: Bool) {
        keys.insert(key)
        if key == .space && live { penHolds.insert(.space) }
        if key == .rightShift && live { penHolds.insert(.rightShift) }
    }

    mutating func keyUp(_ key: Key) {
        keys.remove(key)
        if key == .space { penHolds.remove(.space) }
        if key == .rightShift { penHolds.remove(.rightShift) }
    }

    mutating func padButtonDown(_ b: PadButton, live: Bool) {
        guard pad != nil else { return }
        padButtons.insert(b)
        if b == .south && live { penHolds.insert(.south) }
    }

    mutating func padButtonUp(_ b: PadButton) {
        padButtons.remove(b)
        if b == .south && !remoteButtons.contains(.south) { penHolds.remove(.south) }
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
        withPadControls { $0.resetMotion() }
    }

    /// The pad in use has sensors the system hides: play goes on with its sticks.
    mutating func padMotionBlocked() { pad?.motionBlocked = true }

    mutating func padRemoved() {
        pad = nil
        padButtons = []
        penHolds.remove(.south)
    }

    /// The window lost the keyboard: the keys held now will never report their release.
    mutating func releaseKeys() {
        keys = []
        penHolds.remove(.space)
        penHolds.remove(.rightShift)
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
