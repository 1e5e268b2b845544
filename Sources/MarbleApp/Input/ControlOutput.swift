import MarbleKit

/// What the controls give the app for one frame.
public struct ControlOutput: Equatable, Sendable {
    /// Tilt in g, at most 1 long: x > 0 rolls right, y > 0 towards the top.
    public var tilt: Vec2
    /// Degrees clockwise from north, in [0, 360).
    public var heading: Double
    /// Whether the marble paints.
    public var penDown: Bool

    public init(tilt: Vec2, heading: Double, penDown: Bool) {
        self.tilt = tilt
        self.heading = heading
        self.penDown = penDown
    }
}
