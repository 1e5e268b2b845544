import MarbleKit

/// What the setup screen has chosen for the next drawing.
public struct SetupChoice: Equatable, Sendable {
    public var mode: PhysicsMode = .real
    public var difficulty: Difficulty = .normal
    /// The shape to trace, or nil for a free drawing.
    public var trace: TraceShape?
    /// How many marbles: 1 to 4, children drawing together on one canvas.
    public var marbles = 1
    /// The picture under the paint, or nil for the empty board.
    public var picture: SetupPicture?

    /// The canvas of a drawing of several made in the window: the area between the players'
    /// edges and below the top bar in the 1280×800 window (`DrawingScreen.canvasArea`), so it
    /// shows pixel for pixel there, nothing over it. A child alone has the whole window's.
    public static let playersCanvas = (width: 1060, height: 676)

    /// The new drawing's configuration.
    var configuration: SessionConfiguration {
        var c = SessionConfiguration(mode: mode, difficulty: difficulty)
        c.marbles = marbles
        if marbles > 1 { (c.canvasWidth, c.canvasHeight) = Self.playersCanvas }
        return c
    }

    /// The trace choices in the order shown and in the order T goes through them.
    static let traces: [TraceShape?] = [nil] + TraceShape.allCases

    /// The trace choice after this one (T): none, circle, square, star, heart, none again.
    mutating func nextTrace() {
        let i = Self.traces.firstIndex(of: trace) ?? 0
        trace = Self.traces[(i + 1) % Self.traces.count]
    }
}
