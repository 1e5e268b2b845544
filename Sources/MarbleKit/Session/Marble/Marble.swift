/// One marble on the board: everything that is one marble's and nothing that is shared.
///
/// A `DrawingSession` holds one to four of them (`marbles`) beside what they share (the canvas,
/// the strokes, the history, the clock). Each step moves every marble, resolves the meetings of
/// every pair, then paints each marble's trail with its own pen, in the order of the list.
public struct Marble: Equatable, Sendable {
    /// Where it is and how fast it moves.
    public internal(set) var ball: BallState
    /// Its latest accepted sample: the tilt, heading and tool held.
    public internal(set) var input: Sample?
    /// How much its child moved (see `MovementMeter`).
    public internal(set) var movement = MovementMeter()
    // The colour of the held heading, and the step from which the held tilt is stale.
    var inputColor = HeadingColor.color(heading: 0)
    var staleStep: Int64 = 0
    // The pen is down but an edit or a new tool closed the stroke: a new one starts when it moves.
    var strokePending = false
    // Its open stroke's index in the session's strokes, and its pen on the canvas.
    var openStroke: Int?
    var pen = Canvas.Pen()

    /// A marble at rest at `position`, with no input yet.
    init(at position: Vec2) {
        ball = BallState(position: position)
    }

    /// A marble with every value given (a saved state read back).
    init(ball: BallState, input: Sample?, movement: MovementMeter, inputColor: RGBA8, staleStep: Int64,
         strokePending: Bool, openStroke: Int?, pen: Canvas.Pen) {
        self.ball = ball
        self.input = input
        self.movement = movement
        self.inputColor = inputColor
        self.staleStep = staleStep
        self.strokePending = strokePending
        self.openStroke = openStroke
        self.pen = pen
    }

    /// Takes `s` as its input, its tilt held until step `staleStep`.
    ///
    /// `s` counts on its movement meter; `color` is the new heading's colour (nil: the heading
    /// did not change).
    mutating func take(_ s: Sample, color: RGBA8?, staleStep: Int64) {
        if let color { inputColor = color }
        input = s
        self.staleStep = staleStep
        movement.add(s)
    }

    /// Its paint colour (its heading's; also while erasing: it comes back after).
    public var color: RGBA8 { inputColor }
    /// Its heading in degrees.
    public var heading: Double { input?.heading ?? 0 }
    /// Whether its pen is down.
    public var penDown: Bool { input?.penDown ?? false }
    /// Whether its eraser is on: it paints the background back.
    public var erasing: Bool { input?.erase ?? false }

    /// Its pen's width in force, in px.
    public func penWidth(_ configuration: SessionConfiguration) -> Double {
        Self.penWidth(of: input, configuration)
    }

    /// What its pen lays down now: its heading's colour, or the background when erasing.
    func paintColor(_ configuration: SessionConfiguration) -> RGBA8 {
        erasing ? configuration.background : inputColor
    }

    /// The ink its pen lays now: the eraser wipes (back to the board, where there is one),
    /// paint is as see-through as its input says.
    var ink: Ink {
        erasing ? Ink(wipes: true) : (input?.ink ?? .opaque)
    }

    static func penWidth(of sample: Sample?, _ configuration: SessionConfiguration) -> Double {
        sample?.width ?? configuration.parameters.penWidth
    }

    /// The tilt it rolls under at step `step`: its input's, until the input is older than
    /// `SessionConfiguration.holdLimit`; a level board before any input.
    @inline(__always)
    func heldTilt(at step: Int64) -> Vec2 {
        guard let input, step < staleStep else { return .zero }
        return input.tilt
    }
}
