/// Feeding rows of samples and running the fixed-step physics.
extension DrawingSession {
    /// What became of a fed row.
    public enum Verdict: Equatable, Sendable {
        case accepted
        case dropped(SampleDefect)
    }

    /// Runs the physics up to the row's time with the inputs held, then makes `row[k]` marble
    /// k's input, at `row[0]`'s time (a log's row: one sample a marble, one time).
    ///
    /// A row with a NaN or infinite value is dropped whole and counted, and changes nothing.
    /// - Throws: `SessionError` when time goes backwards or jumps beyond `maxDuration`, or
    ///   the row's length is not the marble count; the session is unchanged then.
    @discardableResult
    public func feed(_ row: [Sample]) throws(SessionError) -> Verdict {
        try feed(row: row)
    }

    /// Feeds a row that is part of a longer list (`LogRowStream.Block.row`), as `feed(_:)` feeds an array.
    @discardableResult
    public func feed(_ row: ArraySlice<Sample>) throws(SessionError) -> Verdict {
        try feed(row: row)
    }

    func feed<Row: RandomAccessCollection<Sample>>(row: Row) throws(SessionError) -> Verdict where Row.Index == Int {
        guard row.count == marbles.count else { throw .rowSize(row.count, marbles: marbles.count) }
        // Only checked here: each sample is made safe (clamped, wrapped) once, below.
        for sample in row {
            if let defect = sample.defect {
                counts.dropped += 1
                return .dropped(defect)
            }
        }
        let t = row[row.startIndex].t
        if let previous = lastInputTime, t < previous {
            throw .timeWentBackwards(previous: previous, got: t)
        }
        if let origin = clock.origin, t - origin > SessionConfiguration.maxDuration {
            throw .timeTooFar(t)
        }
        if clock.origin == nil { clock.origin = t }
        try advance(to: t)
        for k in 0..<row.count {
            guard case .success(var s) = row[row.startIndex + k].sanitized() else { continue }
            s.t = t
            apply(s, to: k)
        }
        counts.accepted += 1
        return .accepted
    }

    /// Runs the physics up to time `t` with the inputs held (a live frame with no new sample).
    ///
    /// Does nothing before the first sample or for a time already passed.
    public func advance(to t: Double) throws(SessionError) {
        guard let origin = clock.origin, t.isFinite else { return }
        if t - origin > SessionConfiguration.maxDuration { throw .timeTooFar(t) }
        // A hair over a whole step counts as that step: 1 s is exactly 240 steps even when
        // t·240 lands a rounding error below 240.
        let target = Int64(Maths.floor((t - origin) * Double(SessionConfiguration.stepsPerSecond) + 1e-6))
        run(until: target)
    }

    // MARK: - Internals

    /// Steps the physics until `stepCount == target`: every marble under its held tilt, then
    /// the meetings of every pair in a fixed order (i < j), then each marble's trail in turn.
    ///
    /// What a step reads and writes of each marble (its ball, held tilt and pen) is kept in
    /// locals (an inline array of four) while the marbles roll: a step that neither paints nor is heard touches no
    /// property of the session. They are written back before anything reads the session
    /// (painting, the listener, the rest) and read again after.
    func run(until target: Int64) {
        guard marbles.contains(where: { $0.input != nil }) else {
            clock.steps = max(clock.steps, target)
            return
        }
        let count = min(marbles.count, 4)
        var rolling = InlineArray<4, Rolling>(repeating: Rolling(marbles[0]))
        load(into: &rolling)
        var step = clock.steps
        while step < target {
            var resting = true
            for k in 0..<count where rolling[k].held(at: step) != .zero || rolling[k].ball.velocity != .zero {
                resting = false
            }
            if resting {
                // A level board under resting balls: nothing moves until new input comes.
                store(rolling, steps: step)
                if let stepListener { hearRest(steps: target - step, stepListener) }
                clock.steps = target
                return
            }
            // Every marble moves under its held tilt (where it was kept for the meetings),
            // then every pair that met bounces.
            for k in 0..<count {
                rolling[k].from = rolling[k].ball.position
                rolling[k].impact = kinematics.step(&rolling[k].ball, tilt: rolling[k].held(at: step))
            }
            if count > 1 { meet(&rolling, count: count) }
            step += 1
            if let stepListener {
                store(rolling, steps: step)
                stepListener(SoundStep((0..<count).map { soundVoice(marble: $0, impact: rolling[$0].impact) }))
                load(into: &rolling)
            }
            // Which marbles paint (what `paintStep` asks, asked of the locals first).
            var paints: UInt8 = 0
            for k in 0..<count where rolling[k].paints { paints |= 1 << k }
            guard paints != 0 else { continue }
            store(rolling, steps: step)
            // Painting moves no ball and changes no input: only the painted pens are read again.
            for k in 0..<count where paints & (1 << k) != 0 {
                paintStep(k, inStep: true)
                rolling[k].penPoint = marbles[k].pen.point
                rolling[k].strokePending = marbles[k].strokePending
            }
        }
        store(rolling, steps: step)
    }

    /// Copies what a step reads of each marble (at most four) into `rolling`.
    @inline(__always)
    private func load(into rolling: inout InlineArray<4, Rolling>) {
        marbles.withUnsafeBufferPointer { m in
            for k in 0..<min(m.count, 4) { rolling[k] = Rolling(m[k]) }
        }
    }

    /// Writes the balls in `rolling` back to the marbles, and the step count to the clock.
    @inline(__always)
    private func store(_ rolling: InlineArray<4, Rolling>, steps: Int64) {
        marbles.withUnsafeMutableBufferPointer { m in
            for k in 0..<min(m.count, 4) { m[k].ball = rolling[k].ball }
        }
        clock.steps = steps
    }

    /// The meetings of a step every marble in `rolling` has moved in: every pair that met
    /// bounces; each one's impact becomes how hard it struck a wall or another marble.
    private func meet(_ ball: inout InlineArray<4, Rolling>, count: Int) {
        for i in 0..<count {
            for j in (i + 1)..<count {
                var a = ball[i].ball, b = ball[j].ball
                let met = kinematics.meet(&a, &b, from: ball[i].from, ball[j].from)
                guard met > 0 || a != ball[i].ball || b != ball[j].ball else { continue }
                ball[i].ball = a
                ball[j].ball = b
                // Meeting knocks both.
                ball[i].impact = max(ball[i].impact, met)
                ball[j].impact = max(ball[j].impact, met)
            }
        }
        // With three or more, pushing one pair apart can press one of them into a third:
        // settle every pair again until none overlaps (two are settled by meeting).
        guard count > 2 else { return }
        for _ in 0..<Self.settlePasses {
            var moved = false
            for i in 0..<count {
                for j in (i + 1)..<count {
                    var a = ball[i].ball, b = ball[j].ball, hit = 0.0
                    guard kinematics.settle(&a, &b, impact: &hit) else { continue }
                    ball[i].ball = a
                    ball[j].ball = b
                    ball[i].impact = max(ball[i].impact, hit)
                    ball[j].impact = max(ball[j].impact, hit)
                    moved = true
                }
            }
            if !moved { break }
        }
    }

    /// The most times a step settles its marbles' overlaps (each pass every pair once): each
    /// pass takes out about half of what is left, so 32 leave a chain of four pressed together
    /// at full tilt within 1e-9 px (8 left 0.004 px in fake physics).
    static let settlePasses = 32

    /// Marble `k`'s part of the step just taken, as its voice hears it.
    func soundVoice(marble k: Int, impact: Double) -> SoundVoice {
        let (lo, hi) = kinematics.bounds
        let span = hi.x - lo.x
        let m = marbles[k]
        return SoundVoice(marble: k, pan: span > 0 ? (m.ball.position.x - lo.x) / span : 0.5, speed: m.ball.velocity.length,
                          penDown: m.penDown, hue: m.heading, impact: impact)
    }

    /// `steps` steps of every marble at rest, heard as such.
    func hearRest(steps: Int64, _ listener: (SoundStep) -> Void) {
        let rest = SoundStep(marbles.indices.map { soundVoice(marble: $0, impact: 0) })
        for _ in 0..<steps { listener(rest) }
    }
}

/// What a step reads and writes of one marble, held in locals while the marbles roll.
private struct Rolling {
    var ball: BallState
    /// Its input's tilt, held until step `stale`.
    let tilt: Vec2, stale: Int64
    /// Where its pen last laid paint (nil: no stroke open), and whether a stroke waits to start.
    var penPoint: Vec2?, strokePending: Bool
    /// Where the ball was before this step, and how hard it struck in it.
    var from = Vec2.zero, impact = 0.0

    @inline(__always)
    init(_ m: Marble) {
        ball = m.ball
        tilt = m.input?.tilt ?? .zero
        stale = m.staleStep
        penPoint = m.pen.point
        strokePending = m.strokePending
    }

    /// The tilt it rolls under at `step` (`Marble.heldTilt(at:)`).
    @inline(__always)
    func held(at step: Int64) -> Vec2 { step < stale ? tilt : .zero }

    /// Whether its trail is due to be painted after the step (what `paintStep` asks).
    @inline(__always)
    var paints: Bool {
        guard let penPoint else { return strokePending }
        return (ball.position - penPoint).length >= SessionConfiguration.pieceLength
    }
}
