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
    }

    /// A pad's two sticks.
    public struct Sticks: Equatable, Sendable {
        public var leftX = 0.0, leftY = 0.0, rightX = 0.0, rightY = 0.0
    }

    /// Keys held now.
    public internal(set) var keys = Set<Key>()
    /// The pads connected, by the platform's id.
    public internal(set) var pads: [Int32: Pad] = [:]
    /// The phones or handhelds sending motion over DSU, while they send, by their index in
    /// the settings' list: each acts as a pad.
    public internal(set) var phones: [Int: Pad] = [:]
    /// The phones' browser pages sending, while they send, by their place in the list of page
    /// phones (`PagePhones`): each acts as a phone.
    public internal(set) var pages: [Int: Pad] = [:]
    // Each page's big buttons held (a page has no pad buttons: its own three).
    var pageHeld: [Int: PhoneButtons] = [:]
    /// Which player each device drives.
    public internal(set) var seating = Seating()
    // Pen buttons (Space, Right Shift, a device's A) pressed while the drawing was live: only
    // these lift a pen, so the Space or A that chose Start (or Go on) does not.
    var penHolds = Set<PenHold>()
    // A stick pushed past the latch moves focus once, until it comes back.
    var stickLatch: Direction?

    enum PenHold: Hashable, Sendable { case space, rightShift, south(Device) }

    public init() {}

    /// A device's held state, if it is here.
    public func state(of device: Device) -> Pad? {
        switch device {
        case .pad(let id): pads[id]
        case .phone(let k): phones[k]
        case .page(let k): pages[k]
        }
    }

    /// The devices here now, pads first.
    public var devices: [Device] {
        pads.keys.sorted().map(Device.pad) + phones.keys.sorted().map(Device.phone) + pages.keys.sorted().map(Device.page)
    }

    /// Whether any pad or phone is here (the help shows the pad's buttons).
    public var hasDevice: Bool { !pads.isEmpty || !phones.isEmpty || !pages.isEmpty }

    // MARK: - Read off the held input

    /// Player `p`'s keys as the controls read them: their hand's (none for players 3 and 4).
    public func keyState(player p: Int) -> KeyState {
        switch seating.hand(of: p) {
        case .whole?:
            KeyState(left: keys.contains(.left) || keys.contains(.a), right: keys.contains(.right) || keys.contains(.d),
                     up: keys.contains(.up) || keys.contains(.w), down: keys.contains(.down) || keys.contains(.s),
                     turnLeft: keys.contains(.q), turnRight: keys.contains(.e), penUp: penHolds.contains(.space))
        case .left?:
            KeyState(left: keys.contains(.a), right: keys.contains(.d), up: keys.contains(.w), down: keys.contains(.s),
                     turnLeft: keys.contains(.q), turnRight: keys.contains(.e), penUp: penHolds.contains(.space))
        case .right?:
            KeyState(left: keys.contains(.left), right: keys.contains(.right), up: keys.contains(.up), down: keys.contains(.down),
                     turnLeft: keys.contains(.comma), turnRight: keys.contains(.period), penUp: penHolds.contains(.rightShift))
        case nil:
            KeyState()
        }
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
        if key == .space && live { penHolds.insert(.space) }
        if key == .rightShift && live { penHolds.insert(.rightShift) }
    }

    mutating func keyUp(_ key: Key) {
        keys.remove(key)
        if key == .space { penHolds.remove(.space) }
        if key == .rightShift { penHolds.remove(.rightShift) }
    }

    /// The window lost the keyboard: the keys held now will never report their release.
    mutating func releaseKeys() {
        keys = []
        penHolds.remove(.space)
        penHolds.remove(.rightShift)
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

extension Device {
    /// The settings' index of a phone; nil for a pad.
    var phoneIndex: Int? { if case .phone(let k) = self { k } else { nil } }

    /// The place of a phone's browser page in the list of page phones; nil for anything else.
    var pageIndex: Int? { if case .page(let k) = self { k } else { nil } }

    /// Whether it is a phone: over DSU or its browser page (its motion comes first).
    var isPhone: Bool {
        switch self {
        case .pad: false
        case .phone, .page: true
        }
    }
}
