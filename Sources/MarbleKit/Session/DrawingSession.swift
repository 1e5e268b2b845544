/// The one deterministic drawing engine: samples in, ball, strokes and pixels out.
///
/// Feed it timestamped samples; it runs the physics at a fixed step of 1/240 s up to each
/// sample's time, with the previous sample's input held, and paints the trail while the pen
/// is down. The same samples give the same pixels, bit for bit, whatever the caller's frame
/// rate: steps are counted in integers from the first sample's time.
public final class DrawingSession {
    public let configuration: SessionConfiguration
    public let canvas: Canvas
    let kinematics: Kinematics

    /// The ball now (at `time`).
    public internal(set) var ball: BallState
    /// Every stroke drawn and not yet forgotten, in order: one per run of pen down. Strokes
    /// that were undone stay here until a new stroke drops them; `visibleStrokes` are on the canvas.
    public internal(set) var strokes: [Stroke] = []
    /// The edits in force, oldest first (see DrawingSession+History.swift).
    public internal(set) var history: [EditStep] = []
    /// The edits undone, most recently undone last: what `redo` brings back.
    public internal(set) var undone: [EditStep] = []
    /// The input in force: the latest accepted sample.
    public internal(set) var input: Sample?
    /// The time of the first accepted sample; the physics clock counts from it.
    public internal(set) var origin: Double?
    /// Physics steps taken since `origin`.
    public internal(set) var stepCount: Int64 = 0
    /// Samples accepted and dropped (NaN or infinite values).
    public internal(set) var acceptedSamples = 0
    public internal(set) var droppedSamples = 0
    /// How much the player moved: fed every accepted sample (see `MovementMeter`).
    public internal(set) var movement = MovementMeter()

    // The colour of the held heading, and the step from which the held tilt is stale.
    var inputColor: RGBA8
    var staleStep: Int64 = 0
    // The pen is down but an edit closed the stroke: a new one starts when the ball moves.
    var strokePending = false
    // The open stroke's index in `strokes` when a second marble draws too (its own may be the
    // last); nil with one marble, whose open stroke is always the last.
    var openStroke: Int?
    /// The second marble, when two children draw on this canvas (`TwoMarbles/`); nil with one.
    public internal(set) var second: SecondMarble?
    // With two marbles: whether the marble in marble 1's fields is marble 2 (`asSecond`), and
    // whether a step is painting (rather than a sample being applied): see `paintOrder`.
    var actingSecond = false
    var inStep = false
    // Pictures of history prefixes that make undo fast (memory only; rebuilt as strokes begin).
    var undoBases = UndoBases()
    // Those pictures being painted in the background after a reopen (see +UndoSeed.swift).
    var undoSeed: UndoSeed?

    // Every value here but `kinematics` (made from the configuration), `undoBases`,
    // `undoSeed` and `stepListener` is saved in `State` (DrawingSession+State.swift): a new one goes there
    // too, or snapshots lose it.

    /// Hears every physics step, in order, as the synthesizer does (see `SoundStep`); steps
    /// skipped while the ball rests on a level board are heard as rests. Not saved: a listener
    /// belongs to whoever plays the drawing.
    public var stepListener: ((SoundStep) -> Void)?

    // A drawing dropped or closed while its undo pictures are painted stops the painter.
    deinit { undoSeed?.cancel() }

    /// A session on a blank canvas with the ball at rest in the centre.
    public convenience init(configuration: SessionConfiguration, memory: CanvasMemory? = nil) {
        self.init(configuration: configuration,
                  canvas: Canvas(width: configuration.canvasWidth, height: configuration.canvasHeight,
                                 background: configuration.background, memory: memory))
    }

    /// A session painting on `canvas`, made for `configuration`, with the ball at rest in the centre.
    init(configuration: SessionConfiguration, canvas: Canvas) {
        self.configuration = configuration
        self.canvas = canvas
        kinematics = Kinematics(
            mode: configuration.mode, parameters: configuration.parameters,
            dt: 1 / Double(SessionConfiguration.stepsPerSecond),
            canvasWidth: canvas.width, canvasHeight: canvas.height)
        let (w, h) = (Double(canvas.width), Double(canvas.height))
        ball = BallState(position: Vec2(w / 2, h / 2))
        inputColor = HeadingColor.color(heading: 0)
        if configuration.marbles == 2 {
            ball = BallState(position: startPosition(marble: 1))
            second = SecondMarble(ball: BallState(position: startPosition(marble: 2)))
        }
    }

    /// Where marble `marble` starts: the centre with one; with two, a third and two thirds of
    /// the width at mid-height, within the walls (on a canvas under three balls wide a third is
    /// inside a wall).
    public func startPosition(marble: Int = 1) -> Vec2 {
        let (w, h) = (Double(canvas.width), Double(canvas.height))
        guard configuration.marbles == 2 else { return Vec2(w / 2, h / 2) }
        let (lo, hi) = kinematics.bounds
        let x = marble == 1 ? w / 3 : 2 * w / 3
        return Vec2(min(max(x, lo.x), hi.x), h / 2)
    }

    // MARK: - Reading the state

    /// The physics clock: the time of the last step taken.
    public var time: Double {
        (origin ?? 0) + Double(stepCount) / Double(SessionConfiguration.stepsPerSecond)
    }

    /// Whether the pen is down (painting).
    public var penDown: Bool { input?.penDown ?? false }

    /// The heading in force, in degrees.
    public var heading: Double { input?.heading ?? 0 }

    /// The paint colour in force (the heading's, also while erasing: it comes back after).
    public var color: RGBA8 { inputColor }

    /// Whether the eraser is on: the ball paints the background back.
    public var erasing: Bool { input?.erase ?? false }

    /// The pen's width in force, in px.
    public var penWidth: Double { Self.penWidth(of: input, configuration) }

    /// What the pen lays down now: the heading's colour, or the background when erasing.
    var paintColor: RGBA8 { erasing ? configuration.background : inputColor }

    static func penWidth(of sample: Sample?, _ configuration: SessionConfiguration) -> Double {
        sample?.width ?? configuration.parameters.penWidth
    }

    /// Straight pieces on the canvas; a lone dot counts as one.
    public var segmentCount: Int {
        var n = 0
        for step in history.reversed() {
            guard case .stroke(let i) = step else { break }
            n += strokes[i].segmentCount
        }
        return n
    }
}
