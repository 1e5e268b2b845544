/// One keyboard shared by two children: the left hand drives marble 1, the right marble 2.
extension InputState {
    /// Marble 1's keys in a drawing of two: WASD tilt, Q and E turn, Space lifts the pen.
    var leftHandKeys: KeyState {
        KeyState(left: keys.contains(.a), right: keys.contains(.d), up: keys.contains(.w), down: keys.contains(.s),
                 turnLeft: keys.contains(.q), turnRight: keys.contains(.e), penUp: penHolds.contains(.space))
    }

    /// Marble 2's keys: the arrows tilt, comma and period turn, Right Shift lifts the pen.
    var rightHandKeys: KeyState {
        KeyState(left: keys.contains(.left), right: keys.contains(.right), up: keys.contains(.up), down: keys.contains(.down),
                 turnLeft: keys.contains(.comma), turnRight: keys.contains(.period), penUp: penHolds.contains(.rightShift))
    }
}

extension InputState {
    /// A device that drives a marble, besides its hand's keys.
    public enum Driver: Hashable, Sendable { case keys, pad, phone, secondPad, secondPhone }

    /// Which device drives each marble of a drawing of two now. Marble 2's own pad or phone:
    /// the first pad (else the phone) is marble 1's. Else a pad and a phone: the phone is
    /// marble 1's, the pad marble 2's. Else the one pad or phone joins as marble 2.
    public var drivers: (first: Driver, second: Driver) {
        if secondRemote != nil || secondPad != nil {
            return (pad != nil ? .pad : remote != nil ? .phone : .keys, secondRemote != nil ? .secondPhone : .secondPad)
        }
        if pad != nil && remote != nil { return (.phone, .pad) }
        return (.keys, pad != nil ? .pad : remote != nil ? .phone : .keys)
    }

    /// A driver's sticks and buttons as the controls read them; nil for the keys alone.
    func padState(of driver: Driver) -> PadState? {
        switch driver {
        case .keys: nil
        case .pad: padAlone
        case .phone: remoteAlone
        case .secondPad, .secondPhone: secondDeviceState
        }
    }

    /// The pad alone as the controls read it (its sticks, its shoulders, its A), nil without one.
    var padAlone: PadState? {
        pad.map { Self.padState($0.sticks, padButtons, south: penHolds.contains(.south) && padButtons.contains(.south)) }
    }

    /// The phone alone, the same way.
    var remoteAlone: PadState? {
        remote.map { Self.padState($0.sticks, remoteButtons, south: penHolds.contains(.south) && remoteButtons.contains(.south)) }
    }

    /// One device's sticks and held buttons as the controls read them.
    static func padState(_ sticks: Sticks, _ buttons: Set<PadButton>, south: Bool) -> PadState {
        PadState(leftX: sticks.leftX, leftY: sticks.leftY, rightX: sticks.rightX, rightY: sticks.rightY,
                 leftShoulder: buttons.contains(.leftShoulder), rightShoulder: buttons.contains(.rightShoulder), south: south)
    }
}

// MARK: - Marble 2's own pad or phone

extension InputState {
    /// Whether marble 2 has a device of its own (a second pad, or marble 2's phone).
    var hasSecondDevice: Bool { secondPad != nil || secondRemote != nil }

    /// Marble 2's own device as the controls read it: its phone while it sends, else the
    /// second pad; nil without either. Its A lifts the pen while held.
    var secondDeviceState: PadState? {
        if let p = secondRemote { return Self.padState(p.sticks, secondRemoteButtons, south: secondRemoteButtons.contains(.south)) }
        return secondPad.map { Self.padState($0.sticks, secondPadButtons, south: secondPadButtons.contains(.south)) }
    }

    /// What the second pad did: it is noted, and its motion goes to the second marble's controls.
    mutating func secondPadEvent(_ e: SecondPadEvent) {
        switch e {
        case .added(let name):
            secondPad = Pad(name: name, hasMotion: false)
            secondPadButtons = []
            secondControls.resetMotion()
        case .removed:
            secondPad = nil
            secondPadButtons = []
        case .buttonDown(let b): if secondPad != nil { secondPadButtons.insert(b) }
        case .buttonUp(let b): secondPadButtons.remove(b)
        case .sticks(let lx, let ly, let rx, let ry):
            secondPad?.sticks = Sticks(leftX: lx, leftY: ly, rightX: rx, rightY: ry)
        case .accelerometer(let x, let y, let z, let t):
            guard secondPad != nil else { return }
            secondPad?.hasMotion = true
            // Marble 2's phone, while it sends, is the motion tracked (one clock, one pose).
            guard secondRemote == nil else { return }
            secondControls.accelerometer(x: x, y: y, z: z, timestampUS: t)
        case .gyro(let p, let yaw, let r, let t):
            guard secondPad != nil, secondRemote == nil else { return }
            secondControls.gyro(pitch: p, yaw: yaw, roll: r, timestampUS: t)
        }
    }
}

// MARK: - Marble 2's phone

extension InputState {
    /// Marble 2's phone sends (again); `fresh` (a new server, or the first report) forgets its
    /// tracked motion, and a phone back after a silence picks up its pose and heading.
    mutating func secondRemoteSending(name: String, fresh: Bool) {
        secondRemote = Pad(name: name, hasMotion: true, sticks: secondRemote?.sticks ?? Sticks())
        if fresh { secondControls.resetMotion() }
    }

    /// Marble 2's phone went quiet: its tilt and buttons stop counting.
    mutating func secondRemoteQuiet() {
        secondRemote = nil
        secondRemoteButtons = []
    }

    /// A report from marble 2's phone: its motion and sticks taken; the buttons newly pressed.
    mutating func secondRemoteReport(_ r: PhoneReport) -> [PadButton] {
        guard secondRemote != nil else { return [] }
        secondControls.accelerometer(x: r.accelerometer.x, y: r.accelerometer.y, z: r.accelerometer.z, timestampUS: r.timestampUS)
        secondControls.gyro(pitch: r.gyro.x, yaw: r.gyro.y, roll: r.gyro.z, timestampUS: r.timestampUS)
        secondRemote?.sticks = r.sticks
        let pressed = r.buttons.subtracting(secondRemoteButtons)
        secondRemoteButtons = r.buttons
        return PhoneReport.buttonBits.map(\.1).filter(pressed.contains)
    }

    /// Marble 2's own pose now is level (its Back, while drawing).
    mutating func setSecondNeutral() { secondControls.setNeutral() }
}
