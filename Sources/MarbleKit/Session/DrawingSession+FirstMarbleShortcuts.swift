// TEMPORARY (issue 45): the first-marble shortcuts that the replay, report and end-screen
// code still read while it moves to naming its marble. Delete this file when nothing warns.

extension DrawingSession {
    @available(*, deprecated, message: "say which marble: marbles[i].ball")
    public var ball: BallState { marbles[0].ball }
    @available(*, deprecated, message: "say which marble: marbles[i].input")
    public var input: Sample? { marbles[0].input }
    @available(*, deprecated, message: "say which marble: marbles[i].penDown")
    public var penDown: Bool { marbles[0].penDown }
    @available(*, deprecated, message: "say which marble: marbles[i].heading")
    public var heading: Double { marbles[0].heading }
    @available(*, deprecated, message: "say which marble: marbles[i].color")
    public var color: RGBA8 { marbles[0].color }
    @available(*, deprecated, message: "say which marble: marbles[i].erasing")
    public var erasing: Bool { marbles[0].erasing }
    @available(*, deprecated, message: "say which marble: marbles[i].penWidth(configuration)")
    public var penWidth: Double { marbles[0].penWidth(configuration) }
    @available(*, deprecated, message: "say which marble: marbles[i].movement")
    public var movement: MovementMeter { marbles[0].movement }
}

extension ReadOnlySession {
    @available(*, deprecated, message: "say which marble: marbles[i].ball")
    public var ball: BallState { marbles[0].ball }
    @available(*, deprecated, message: "say which marble: marbles[i].input")
    public var input: Sample? { marbles[0].input }
    @available(*, deprecated, message: "say which marble: marbles[i].penDown")
    public var penDown: Bool { marbles[0].penDown }
    @available(*, deprecated, message: "say which marble: marbles[i].heading")
    public var heading: Double { marbles[0].heading }
    @available(*, deprecated, message: "say which marble: marbles[i].color")
    public var color: RGBA8 { marbles[0].color }
    @available(*, deprecated, message: "say which marble: marbles[i].erasing")
    public var erasing: Bool { marbles[0].erasing }
    @available(*, deprecated, message: "say which marble: marbles[i].penWidth(configuration)")
    public var penWidth: Double { marbles[0].penWidth(configuration) }
    @available(*, deprecated, message: "say which marble: marbles[i].movement")
    public var movement: MovementMeter { marbles[0].movement }
}
