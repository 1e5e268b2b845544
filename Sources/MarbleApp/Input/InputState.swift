import MarbleKit

/// What the children are holding right now: keys, each pad's and phone's buttons and sticks,
/// and who sits where (`seating`).
///
/// The one copy of held input. The controls' `KeyState` and `PadState` are read off it each
/// frame, never stored beside it, so a key released while the window is busy cannot leave a
/// stale copy steering a ball.
public struct InputState: Sendable {
    /// A pad or phone in use: its name, its motion sensors, its sticks and buttons held.
    public struct Pad: Equatable, Sendable {
        public var name: String
        public var hasMotion: Bool
        /// It has motion sensors, but the system keeps them from us (see `MotionPads`).
        public var motionBlocked = false
        /// Stick axes in −1…1, y positive down (SDL's convention).
        public var sticks = Sticks()
        /// Its buttons held now.
        public var buttons = Set<PadButton>()
        /// A browser page's own big buttons held now (it has no pad buttons).
        public var pageButtons: PhoneButtons = []
    }

    /// A pad's two sticks.
    public struct Sticks: Equatable, Sendable {
        public var leftX = 0.0, leftY = 0.0, rightX = 0.0, rightY = 0.0
    }

    /// Keys held now.
    public internal(set) var keys = Set<Key>()
    /// The pads and phones here, by device: pads while connected, phones over DSU and their
    /// browser pages while they send (each acts as a pad).
    public internal(set) var held: [Device: Pad] = [:]
    /// Which player each device drives.
    public internal(set) var seating = Seating()
    // Pen keys (Space, Right Shift) and devices' pen buttons pressed while the drawing was live:
    // only these lift a pen, so the Space or A that chose Start (or Go on) does not.
    var penHolds = Set<PenHold>()
    // A stick pushed past the latch moves focus once, until it comes back.
    var stickLatch: Direction?

    enum PenHold: Hashable, Sendable { case key(Key), south(Device) }

    public init() {}

    /// A device's held state, if it is here.
    public func state(of device: Device) -> Pad? { held[device] }

    /// The pads and phones here now, pads first.
    public var devices: [Device] {
        held.keys.sorted { Self.order($0) < Self.order($1) }
    }

    // Pads by id, then DSU phones, then pages, each by index.
    private static func order(_ d: Device) -> (Int, Int) {
        switch d {
        case .keys: (0, 0)
        case .pad(let id): (1, Int(id))
        case .phone(.dsu(let k)): (2, k)
        case .phone(.page(let k)): (3, k)
        }
    }

    /// The pad with the lowest id, if any is connected.
    public var firstPad: Pad? { devices.first { if case .pad = $0 { true } else { false } }.flatMap(state) }

    /// Whether any pad or phone is here (the help shows the pad's buttons).
    public var hasDevice: Bool { !held.isEmpty }

    // MARK: - Read off the held input

    /// Player `p`'s keys as the controls read them: their keyboard half's, from its table
    /// (none for a player without one).
    public func keyState(player p: Int) -> KeyState {
        guard let half = seating.hand(of: p)?.keys else { return KeyState() }
        func any(_ ks: [Key]) -> Bool { ks.contains(where: keys.contains) }
        return KeyState(left: any(half.left), right: any(half.right), up: any(half.up), down: any(half.down),
                        turnLeft: keys.contains(half.turnLeft), turnRight: keys.contains(half.turnRight),
                        penUp: penHolds.contains(.key(half.pen)))
    }

    /// Player `p`'s devices as the controls read them; nil when they have none. Several (a
    /// child alone with a pad and a phone) act as one: each stick is whichever is pushed
    /// further, the buttons are all of theirs.
    public func padState(player p: Int) -> PadState? {
        let held = seating.devices(of: p).compactMap { d in state(of: d).map { (d, $0) } }
        guard !held.isEmpty else { return nil }
        func further(_ x: Double, _ y: Double) -> Double { abs(x) >= abs(y) ? x : y }
        var s = Sticks()
        var buttons = Set<PadButton>()
        for (_, pad) in held {
            s = Sticks(leftX: further(s.leftX, pad.sticks.leftX), leftY: further(s.leftY, pad.sticks.leftY),
                       rightX: further(s.rightX, pad.sticks.rightX), rightY: further(s.rightY, pad.sticks.rightY))
            buttons.formUnion(pad.buttons)
        }
        return PadState(leftX: s.leftX, leftY: s.leftY, rightX: s.rightX, rightY: s.rightY,
                        leftShoulder: buttons.contains(.leftShoulder), rightShoulder: buttons.contains(.rightShoulder),
                        south: held.contains { penHolds.contains(.south($0.0)) })
    }

    /// Whether a device's motion moves its player: only their first phone's (or page's) while one sends,
    /// else their first pad's (one tracker has one clock and one pose).
    public func motionCounts(_ device: Device) -> Bool {
        guard let p = seating.player(of: device) else { return false }
        let held = seating.devices(of: p)
        let pads = held.compactMap { if case .pad(let id) = $0 { id } else { nil } }
        return device == (held.first(where: \.isPhone) ?? pads.min().map(Device.pad))
    }

    // MARK: - Changes

    mutating func keyDown(_ key: Key, live: Bool) {
        keys.insert(key)
        if Hand.penKeys.contains(key) && live { penHolds.insert(.key(key)) }
    }

    mutating func keyUp(_ key: Key) {
        keys.remove(key)
        penHolds.remove(.key(key))
    }

    /// The window lost the keyboard: the keys held now will never report their release.
    mutating func releaseKeys() {
        keys = []
        penHolds = penHolds.filter { if case .key = $0 { false } else { true } }
    }

    /// There are `count` players now (a drawing opened, or Setup's choice).
    mutating func seat(players count: Int) { seating.seat(players: count) }

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
