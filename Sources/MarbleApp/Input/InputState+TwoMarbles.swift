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

// MARK: - A second pad

extension InputState {
    /// The second pad as the controls read it; nil without one. Its A lifts the pen while held.
    var secondPadState: PadState? {
        secondPad.map { Self.padState($0.sticks, secondPadButtons, south: secondPadButtons.contains(.south)) }
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
            secondControls.accelerometer(x: x, y: y, z: z, timestampUS: t)
        case .gyro(let p, let yaw, let r, let t):
            guard secondPad != nil else { return }
            secondControls.gyro(pitch: p, yaw: yaw, roll: r, timestampUS: t)
        }
    }
}
