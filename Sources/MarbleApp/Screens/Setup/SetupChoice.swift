import MarbleKit

/// What the setup screen has chosen for the next drawing.
public struct SetupChoice: Equatable, Sendable {
    public var mode: PhysicsMode = .real
    public var difficulty: Difficulty = .normal
    /// The shape to trace, or nil for a free drawing.
    public var trace: TraceShape?
    /// One marble, or two: two children drawing together on one canvas.
    public var marbles = 1

    /// The new drawing's configuration.
    var configuration: SessionConfiguration {
        var c = SessionConfiguration(mode: mode, difficulty: difficulty)
        c.marbles = marbles
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
