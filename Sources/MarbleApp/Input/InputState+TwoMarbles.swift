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
