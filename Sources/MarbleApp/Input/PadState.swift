/// A game pad's sticks and buttons as held right now.
///
/// Stick axes are normalized to −1…1 in SDL's convention (see `StickShaping.axis`):
/// x positive right, y positive DOWN.
public struct PadState: Equatable, Sendable {
    public var leftX: Double
    public var leftY: Double
    public var rightX: Double
    public var rightY: Double
    /// Turns counter-clockwise (clockwise when left-handed).
    public var leftShoulder: Bool
    /// Turns clockwise (counter-clockwise when left-handed).
    public var rightShoulder: Bool
    /// The south face button (A on Xbox pads): lifts the pen while held.
    public var south: Bool

    public init(leftX: Double = 0, leftY: Double = 0, rightX: Double = 0, rightY: Double = 0,
                leftShoulder: Bool = false, rightShoulder: Bool = false, south: Bool = false) {
        self.leftX = leftX
        self.leftY = leftY
        self.rightX = rightX
        self.rightY = rightY
        self.leftShoulder = leftShoulder
        self.rightShoulder = rightShoulder
        self.south = south
    }
}
