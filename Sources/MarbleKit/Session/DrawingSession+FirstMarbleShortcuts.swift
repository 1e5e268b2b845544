// TEMPORARY (issue 45): the first-marble shortcuts that the report (`DrawingSession+Report`),
// the replay window (`ReplayPlayer`) and the end screen (`EndScreen`) still read while they
// move to naming their marble. Nothing else uses them; delete this file when nothing warns.

extension DrawingSession {
    @available(*, deprecated, message: "say which marble: marbles[i].ball")
    public var ball: BallState { marbles[0].ball }
    @available(*, deprecated, message: "say which marble: marbles[i].input")
    public var input: Sample? { marbles[0].input }
}

extension ReadOnlySession {
    @available(*, deprecated, message: "say which marble: marbles[i].heading")
    public var heading: Double { marbles[0].heading }
    @available(*, deprecated, message: "say which marble: marbles[i].color")
    public var color: RGBA8 { marbles[0].color }
    @available(*, deprecated, message: "say which marble: marbles[i].movement")
    public var movement: MovementMeter { marbles[0].movement }
}
