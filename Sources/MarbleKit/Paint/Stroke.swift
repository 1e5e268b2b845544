/// One run of pen down: the drawing's vector content.
///
/// Segment `i` runs from `points[i]` to `points[i+1]` in the colour of `points[i+1]`;
/// the first point is painted as a round dot in its own colour.
public struct Stroke: Equatable, Sendable, Codable {
    /// The trail width in px.
    public internal(set) var width: Double
    public internal(set) var points: StrokePoints
    /// The marble that painted it: its index in the session's `marbles` (0 for the first).
    public internal(set) var marble: Int
    /// In a drawing of several marbles: when each point was painted, in the session's order
    /// (see `DrawingSession.paintOrder`), so that strokes painted at once are painted again
    /// piece by piece in that order, as they crossed. nil with one marble.
    public internal(set) var order: [Int64]?
    /// How it lays its colour (see-through, or wiping back to the board); opaque paint before.
    public internal(set) var ink: Ink

    public init(width: Double, points: StrokePoints = [], marble: Int = 0, order: [Int64]? = nil, ink: Ink = .opaque) {
        self.width = width
        self.points = points
        self.marble = marble
        self.order = order
        self.ink = ink
    }

    /// The number of straight pieces painted; a lone dot counts as one.
    public var segmentCount: Int { max(points.count - 1, points.isEmpty ? 0 : 1) }
}

/// A point of a stroke with the colour painted on the way to it.
public struct StrokePoint: Equatable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var color: RGBA8

    public init(x: Double, y: Double, color: RGBA8) {
        self.x = x
        self.y = y
        self.color = color
    }

    public var position: Vec2 { Vec2(x, y) }
}
