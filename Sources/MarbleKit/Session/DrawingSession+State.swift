/// A session's saved values, and a session made again from them: what a snapshot holds.
extension DrawingSession {
    /// Everything a session steps and paints with, as a value that can go to another thread.
    ///
    /// A session restored from it continues bit for bit as the one it was taken from. Not in
    /// it: the physics coefficients (made from the configuration) and the pictures that make
    /// undo fast (rebuilt as strokes begin).
    struct State: Equatable, Sendable {
        var configuration: SessionConfiguration
        var clock: Clock
        var counts: Counts
        /// Each marble's values, and the layer cells of its open stroke (none when it has none
        /// open) in pixel order: one record a marble.
        var marbles: [Marble]
        var cells: [[PixelBuffer.IndexedCell]]
        var strokes: [Stroke]
        var history: [EditStep]
        var undone: [EditStep]
        var canvas: Canvas.State
    }

    /// The session as it is now, copied out.
    ///
    /// Costs a copy of the pixels and of the open strokes' layer cells (a few ms at 1280×800,
    /// whatever the drawing's length); the strokes are shared until the session changes them.
    var state: State { state(withPixels: true) }

    /// The session as it is now; without its pixels when `withPixels` is false (a caller that
    /// keeps the picture its own way, as Watch's keyframes do).
    func state(withPixels: Bool) -> State {
        State(configuration: configuration, clock: clock, counts: counts, marbles: marbles,
              cells: marbles.map { m in canvas.openCells(of: m.pen, stroke: m.openStroke.map { strokes[$0] }) },
              strokes: strokes, history: history, undone: undone, canvas: canvas.state(withPixels: withPixels))
    }

    /// A session exactly as `state` describes it.
    ///
    /// - Throws: `RestoreError` when a value is one no session reaches (see `State.validate`
    ///   and `Canvas.State.validate`).
    convenience init(restoring state: State) throws(RestoreError) {
        try state.validate()
        try self.init(resuming: state)
    }

    /// A session exactly as `state`, which a session of this program took, describes it, with
    /// undo's pictures `undoBases`: the session's values are not checked again (a million
    /// points' worth), the canvas's are. With `reusing`, a canvas of the state's size that
    /// nothing else will paint on (the session this one replaces had it), the picture goes
    /// into that canvas's memory instead of a new canvas's (`Canvas.restore`).
    convenience init(resuming state: State, undoBases: UndoBases = UndoBases(), reusing old: Canvas? = nil) throws(RestoreError) {
        let canvas: Canvas
        if let old, old.width == state.canvas.width, old.height == state.canvas.height, old.background == state.canvas.background {
            try old.restore(state.canvas)
            canvas = old
        } else {
            canvas = try Canvas(restoring: state.canvas)
        }
        for cells in state.cells { canvas.restoreCells(cells) }
        self.init(configuration: state.configuration, canvas: canvas)
        clock = state.clock
        counts = state.counts
        marbles = state.marbles
        strokes = state.strokes
        history = state.history
        undone = state.undone
        self.undoBases = undoBases
    }
}

extension DrawingSession.State {
    /// Throws when the state holds a value that no session reaches, one it could trap on:
    /// a clock that is not finite or out of range, an index past the strokes, an open pen
    /// with no stroke. The canvas's own values are `Canvas.State.validate`'s to check.
    func validate() throws(RestoreError) {
        if let why = configuration.validationError { throw RestoreError(why) }
        guard canvas.width == configuration.canvasWidth, canvas.height == configuration.canvasHeight,
              canvas.background == configuration.background else {
            throw RestoreError("a \(canvas.width)×\(canvas.height) canvas for a \(configuration.canvasWidth)×\(configuration.canvasHeight) drawing")
        }
        guard marbles.count == configuration.marbles, cells.count == marbles.count else {
            throw RestoreError("\(marbles.count) marbles in a drawing of \(configuration.marbles)")
        }
        let maxSteps = Int64(SessionConfiguration.maxDuration) * Int64(SessionConfiguration.stepsPerSecond) + 1000
        guard (0...maxSteps).contains(clock.steps), (clock.origin == nil) == (marbles[0].input == nil),
              clock.origin?.isFinite ?? true, counts.accepted >= 0, counts.dropped >= 0 else {
            throw RestoreError("impossible session values")
        }
        // The ball's centre never leaves the walls (a restored ball outside them would roll
        // off the board), and a stroke's points are where a ball's centre was: on the canvas.
        // Points far off it made redo's arc length overflow to infinity (found by fuzzing).
        let walls = Kinematics(mode: configuration.mode, parameters: configuration.parameters, dt: 1,
                               canvasWidth: configuration.canvasWidth, canvasHeight: configuration.canvasHeight).bounds
        for (k, m) in marbles.enumerated() {
            try m.validate(marble: k + 1, origin: clock.origin, maxSteps: maxSteps, walls: walls, strokes: strokes.count)
            try m.pen.validate(width: canvas.width, height: canvas.height, layersIssued: canvas.layersIssued, cells: cells[k])
        }
        let w = Double(configuration.canvasWidth), h = Double(configuration.canvasHeight)
        for s in strokes {
            guard s.width.isFinite && s.width > 0 && s.width <= 1000 else { throw RestoreError("impossible stroke width") }
            guard marbles.indices.contains(s.marble) else { throw RestoreError("a stroke of marble \(s.marble + 1) of \(marbles.count)") }
            for p in s.points where !(p.x >= 0 && p.x <= w && p.y >= 0 && p.y <= h) {
                throw RestoreError("a stroke point off the canvas")
            }
        }
        for case .stroke(let i) in [history, undone].joined() where !strokes.indices.contains(i) {
            throw RestoreError("history names stroke \(i) of \(strokes.count)")
        }
    }
}

extension Marble {
    /// Throws when marble `number`'s values are ones no session reaches (an input off the
    /// clock or not as `feed` keeps it, a ball outside the walls, an open stroke that is not
    /// there, non-finite numbers).
    func validate(marble number: Int, origin: Double?, maxSteps: Int64, walls: (lo: Vec2, hi: Vec2), strokes: Int) throws(RestoreError) {
        guard ball.position.isFinite, ball.velocity.isFinite, (0...maxSteps).contains(staleStep) else {
            throw RestoreError("impossible values for marble \(number)")
        }
        let slack = 1e-6
        guard ball.position.x >= walls.lo.x - slack, ball.position.x <= walls.hi.x + slack,
              ball.position.y >= walls.lo.y - slack, ball.position.y <= walls.hi.y + slack else {
            throw RestoreError(number == 1 ? "a ball outside the walls" : "ball \(number) outside the walls")
        }
        if let why = movement.validationError { throw RestoreError(why) }
        if let input {
            guard let origin, input.tilt.isFinite, input.heading.isFinite, input.width.map(Sample.widthRange.contains) ?? true,
                  (0...SessionConfiguration.maxDuration).contains(input.t - origin) else {
                throw RestoreError("impossible input values for marble \(number)")
            }
            // The input held is a sample as `feed` keeps it: its tilt at most 1 g, its heading in
            // [0, 360). A huge restored tilt sent the ball to infinity and NaN (found by fuzzing).
            guard input.tilt.length <= 1 + 1e-9, (0..<360).contains(input.heading) else {
                throw RestoreError("an input no sample gives (tilt \(input.tilt), heading \(input.heading))")
            }
        }
        if let i = openStroke, !(0..<strokes).contains(i) { throw RestoreError("an open stroke \(i) of \(strokes)") }
        if pen.isOpen && openStroke == nil { throw RestoreError("an open pen with no stroke") }
    }
}
