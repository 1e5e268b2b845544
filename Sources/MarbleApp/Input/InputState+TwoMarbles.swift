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
        guard let p = pad else { return nil }
        return PadState(leftX: p.sticks.leftX, leftY: p.sticks.leftY, rightX: p.sticks.rightX, rightY: p.sticks.rightY,
                        leftShoulder: padButtons.contains(.leftShoulder), rightShoulder: padButtons.contains(.rightShoulder),
                        south: penHolds.contains(.south) && padButtons.contains(.south))
    }

    /// The phone alone, the same way.
    var remoteAlone: PadState? {
        guard let r = remote else { return nil }
        return PadState(leftX: r.sticks.leftX, leftY: r.sticks.leftY, rightX: r.sticks.rightX, rightY: r.sticks.rightY,
                        leftShoulder: remoteButtons.contains(.leftShoulder), rightShoulder: remoteButtons.contains(.rightShoulder),
                        south: penHolds.contains(.south) && remoteButtons.contains(.south))
    }
}

// MARK: - A second pad

extension InputState {
    /// The second pad as the controls read it; nil without one. Its A lifts the pen while held.
    var secondPadState: PadState? {
        guard let p = secondPad else { return nil }
        return PadState(leftX: p.sticks.leftX, leftY: p.sticks.leftY, rightX: p.sticks.rightX, rightY: p.sticks.rightY,
                        leftShoulder: secondPadButtons.contains(.leftShoulder), rightShoulder: secondPadButtons.contains(.rightShoulder),
                        south: secondPadButtons.contains(.south))
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
