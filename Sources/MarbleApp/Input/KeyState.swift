/// The keyboard keys the controls read, as held right now.
public struct KeyState: Equatable, Sendable {
    /// Left arrow or A: tilts left.
    public var left: Bool
    /// Right arrow or D: tilts right.
    public var right: Bool
    /// Up arrow or W: tilts towards the top.
    public var up: Bool
    /// Down arrow or S: tilts towards the bottom.
    public var down: Bool
    /// Q: turns counter-clockwise.
    public var turnLeft: Bool
    /// E: turns clockwise.
    public var turnRight: Bool
    /// Lifts the pen while held.
    public var penUp: Bool

    public init(left: Bool = false, right: Bool = false, up: Bool = false, down: Bool = false,
                turnLeft: Bool = false, turnRight: Bool = false, penUp: Bool = false) {
        self.left = left
        self.right = right
        self.up = up
        self.down = down
        self.turnLeft = turnLeft
        self.turnRight = turnRight
        self.penUp = penUp
    }
}
