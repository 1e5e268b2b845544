/// The one deterministic drawing engine: samples in, balls, strokes and pixels out.
///
/// Feed it timestamped samples, one a marble; it runs the physics at a fixed step of 1/240 s up
/// to each row's time, with the previous inputs held, and paints each marble's trail while its
/// pen is down. The same samples give the same pixels, bit for bit, whatever the caller's frame
/// rate: steps are counted in integers from the first sample's time.
///
/// One to four marbles (`marbles`, set by `configuration.marbles`) draw on one canvas; the
/// session holds only what they share: the canvas, the strokes, the history and the clock.
public final class DrawingSession {
    public let configuration: SessionConfiguration
    public let canvas: Canvas
    let kinematics: Kinematics

    // The values every row, step and piece reads and changes (`marbles`, `strokes`, `history`,
    // `clock`, `counts`) have no dynamic exclusivity check, as the canvas's change log has none:
    // a session is used on one thread, and no access to them overlaps another (the compiler
    // checks what it can see; the run-time checks were a tenth of a four-marble replay's
    // stepping, issue 30).

    /// The marbles on the board, in a fixed order: each step moves them in it, and marble `i`
    /// paints before marble `j` for `i < j`.
    @exclusivity(unchecked) public internal(set) var marbles: [Marble]
    /// Every stroke drawn and not yet forgotten, in the order they began: one per run of a
    /// marble's pen down. Strokes that were undone stay here until a new stroke drops them;
    /// `visibleStrokes` are on the canvas.
    @exclusivity(unchecked) public internal(set) var strokes: [Stroke] = []
    /// The edits in force, oldest first (see DrawingSession+History.swift).
    @exclusivity(unchecked) public internal(set) var history: [EditStep] = []
    /// The edits undone, most recently undone last: what `redo` brings back.
    public internal(set) var undone: [EditStep] = []
    /// The physics clock.
    @exclusivity(unchecked) var clock = Clock()
    /// Rows of samples accepted and dropped (a row with a NaN or infinite value goes whole).
    @exclusivity(unchecked) var counts = Counts()
    // Pictures of history prefixes that make undo fast (memory only; rebuilt as strokes begin).
    var undoBases = UndoBases()
    // Those pictures being painted in the background after a reopen (see +UndoSeed.swift).
    var undoSeed: UndoSeed?

    // Every value here but `kinematics` (made from the configuration), `undoBases`,
    // `undoSeed` and `stepListener` is saved in `State` (DrawingSession+State.swift): a new one goes there
    // too, or snapshots lose it.

    /// Hears every physics step, in order, as the synthesizer does (see `SoundStep`); steps
    /// skipped while the balls rest on a level board are heard as rests. Not saved: a listener
    /// belongs to whoever plays the drawing.
    public var stepListener: ((SoundStep) -> Void)?

    /// The time of the first accepted row, and the physics steps taken since.
    struct Clock: Equatable, Sendable {
        var origin: Double?
        var steps: Int64 = 0
    }

    /// How many rows were accepted and how many dropped.
    struct Counts: Equatable, Sendable {
        var accepted = 0
        var dropped = 0
    }

    // A drawing dropped or closed while its undo pictures are painted stops the painter.
    deinit { undoSeed?.cancel() }

    /// A session on a blank canvas (or on `board`, a picture fitted to its size) with its
    /// marbles at rest (see `startPosition(marble:)`).
    public convenience init(configuration: SessionConfiguration, board: Board? = nil, memory: CanvasMemory? = nil) {
        self.init(configuration: configuration,
                  canvas: Canvas(width: configuration.canvasWidth, height: configuration.canvasHeight,
                                 background: configuration.background, board: board, memory: memory))
    }

    /// A session of `marbles` marbles (1 to `SessionConfiguration.maxMarbles`), set up as
    /// `configuration` otherwise.
    public convenience init(marbles: Int, _ configuration: SessionConfiguration, board: Board? = nil, memory: CanvasMemory? = nil) {
        var c = configuration
        c.marbles = marbles
        self.init(configuration: c, board: board, memory: memory)
    }

    /// A session painting on `canvas`, made for `configuration`, with its marbles at rest.
    init(configuration: SessionConfiguration, canvas: Canvas) {
        self.configuration = configuration
        self.canvas = canvas
        let kinematics = Kinematics(
            mode: configuration.mode, parameters: configuration.parameters,
            dt: 1 / Double(SessionConfiguration.stepsPerSecond),
            canvasWidth: canvas.width, canvasHeight: canvas.height)
        self.kinematics = kinematics
        let count = min(max(configuration.marbles, 1), SessionConfiguration.maxMarbles)
        marbles = (1...count).map { Marble(at: Self.startPosition(marble: $0, of: count, on: canvas, kinematics)) }
    }

    /// Where marble `marble` (1-based) starts: spread evenly at mid-height, marble k at k/(N+1)
    /// of the width (the centre with one), within the walls (on a canvas a few balls wide the
    /// even spread is inside a wall).
    public func startPosition(marble: Int = 1) -> Vec2 {
        Self.startPosition(marble: marble, of: marbles.count, on: canvas, kinematics)
    }

    static func startPosition(marble k: Int, of count: Int, on canvas: Canvas, _ kinematics: Kinematics) -> Vec2 {
        let (w, h) = (Double(canvas.width), Double(canvas.height))
        guard count > 1 else { return Vec2(w / 2, h / 2) }
        let (lo, hi) = kinematics.bounds
        let x = Double(k) * w / Double(count + 1)
        return Vec2(min(max(x, lo.x), hi.x), h / 2)
    }

    // MARK: - Reading the state

    /// The time of the first accepted sample; the physics clock counts from it.
    public var origin: Double? { clock.origin }
    /// Physics steps taken since `origin`.
    public var stepCount: Int64 { clock.steps }
    /// Rows of samples accepted and dropped (NaN or infinite values).
    public var acceptedSamples: Int { counts.accepted }
    public var droppedSamples: Int { counts.dropped }

    /// The physics clock: the time of the last step taken.
    public var time: Double {
        (clock.origin ?? 0) + Double(clock.steps) / Double(SessionConfiguration.stepsPerSecond)
    }

    /// The latest accepted row's time (every marble's input carries it).
    var lastInputTime: Double? { marbles[0].input?.t }

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
