/// The second marble of a session two children draw in: everything one marble owns.
///
/// A session keeps marble 1's values in its own fields (a one-marble session is exactly what
/// it always was) and marble 2's here; to move or paint marble 2 it swaps them in
/// (`DrawingSession.asSecond`), so one set of functions drives both, in a fixed order.
public struct SecondMarble: Equatable, Sendable {
    /// Where it is and how fast it moves.
    public internal(set) var ball: BallState
    /// Its latest accepted sample.
    public internal(set) var input: Sample?
    /// How much its child moved.
    public internal(set) var movement = MovementMeter()
    var inputColor = HeadingColor.color(heading: 0)
    var staleStep: Int64 = 0
    var strokePending = false
    // Its open stroke's index in the session's strokes, and its pen on the canvas.
    var openStroke: Int?
    var pen = Canvas.Pen()

    init(ball: BallState) {
        self.ball = ball
    }

    /// Its paint colour (its heading's), its heading, and whether its pen paints or erases.
    public var color: RGBA8 { inputColor }
    public var heading: Double { input?.heading ?? 0 }
    public var penDown: Bool { input?.penDown ?? false }
    public var erasing: Bool { input?.erase ?? false }
}

extension DrawingSession {
    /// A session on a blank canvas with two marbles at rest: marble 1 at a third of the canvas's
    /// width, marble 2 at two thirds, both at mid-height, with the same physics and pen.
    /// (`configuration` with `marbles` set to 2.)
    public convenience init(twoMarbles configuration: SessionConfiguration, memory: CanvasMemory? = nil) {
        var c = configuration
        c.marbles = 2
        self.init(configuration: c, memory: memory)
    }

    /// Runs `body` with marble 2 in marble 1's place (and marble 1 in `second`), then puts
    /// them back: `body` moves or paints marble 2 with the one-marble functions.
    func asSecond<R>(_ body: () -> R) -> R {
        guard var other = second else { return body() }
        swapMarble(&other)
        second = other
        actingSecond.toggle()
        defer {
            var back = second!
            swapMarble(&back)
            second = back
            actingSecond.toggle()
        }
        return body()
    }

    private func swapMarble(_ m: inout SecondMarble) {
        swap(&ball, &m.ball)
        swap(&input, &m.input)
        swap(&movement, &m.movement)
        swap(&inputColor, &m.inputColor)
        swap(&staleStep, &m.staleStep)
        swap(&strokePending, &m.strokePending)
        swap(&openStroke, &m.openStroke)
        canvas.swapPen(&m.pen)
    }
}
