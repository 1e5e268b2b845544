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
    func run(until target: Int64) {
        guard marbles.contains(where: { $0.input != nil }) else {
            clock.steps = max(clock.steps, target)
            return
        }
        while clock.steps < target {
            let step = clock.steps
            let resting = marbles.withUnsafeBufferPointer { m in
                m.allSatisfy { $0.heldTilt(at: step) == .zero && $0.ball.velocity == .zero }
            }
            if resting {
                // A level board under resting balls: nothing moves until new input comes.
                if let stepListener { hearRest(steps: target - step, stepListener) }
                clock.steps = target
                break
            }
            stepMarbles(at: step)
        }
    }

    /// One step of every marble (one to four): each moves, every pair that met bounces, each paints.
    ///
    /// The physics runs on local copies of the balls, read and written back in one access to
    /// `marbles` each (every access to a class's property is checked at run time); painting
    /// asks each marble's pen first in one more, and paints only the marbles that need it.
    private func stepMarbles(at step: Int64) {
        let count = marbles.count
        // Each ball, where it was, the tilt it rolls under, and how hard it struck a wall or
        // another marble (at most four).
        let blank = BallState(position: .zero)
        var balls = (blank, blank, blank, blank)
        var from = (Vec2.zero, Vec2.zero, Vec2.zero, Vec2.zero)
        var impacts = (0.0, 0.0, 0.0, 0.0)
        withUnsafeMutableBytes(of: &balls) { ballRaw in
            withUnsafeMutableBytes(of: &from) { fromRaw in
                withUnsafeMutableBytes(of: &impacts) { impactRaw in
                    let ball = ballRaw.bindMemory(to: BallState.self), from = fromRaw.bindMemory(to: Vec2.self)
                    let impact = impactRaw.bindMemory(to: Double.self)
                    marbles.withUnsafeBufferPointer { m in
                        for k in 0..<count {
                            ball[k] = m[k].ball
                            from[k] = ball[k].position
                            impact[k] = kinematics.step(&ball[k], tilt: m[k].heldTilt(at: step))
                        }
                    }
                    for i in 0..<count {
                        for j in (i + 1)..<count {
                            var a = ball[i], b = ball[j]
                            let met = kinematics.meet(&a, &b, from: from[i], from[j])
                            guard met > 0 || a != ball[i] || b != ball[j] else { continue }
                            ball[i] = a
                            ball[j] = b
                            // Meeting knocks both.
                            impact[i] = max(impact[i], met)
                            impact[j] = max(impact[j], met)
                        }
                    }
                    // With three or more, pushing one pair apart can press one of them into a third:
                    // settle every pair again until none overlaps (two are settled by meeting).
                    if count > 2 {
                        for _ in 0..<Self.settlePasses {
                            var moved = false
                            for i in 0..<count {
                                for j in (i + 1)..<count {
                                    var a = ball[i], b = ball[j], hit = 0.0
                                    guard kinematics.settle(&a, &b, impact: &hit) else { continue }
                                    ball[i] = a
                                    ball[j] = b
                                    impact[i] = max(impact[i], hit)
                                    impact[j] = max(impact[j], hit)
                                    moved = true
                                }
                            }
                            if !moved { break }
                        }
                    }
                    marbles.withUnsafeMutableBufferPointer { m in
                        for k in 0..<count { m[k].ball = ball[k] }
                    }
                    clock.steps += 1
                    if let stepListener {
                        stepListener(SoundStep((0..<count).map { soundVoice(marble: $0, impact: impact[$0]) }))
                    }
                }
            }
        }
        // Which marbles paint (what `paintStep` asks; painting one marble changes no other's pen).
        var paints: UInt8 = 0
        marbles.withUnsafeBufferPointer { m in
            for k in 0..<count {
                let due = m[k].pen.point.map { (m[k].ball.position - $0).length >= SessionConfiguration.pieceLength }
                if due ?? m[k].strokePending { paints |= 1 << k }
            }
        }
        for k in 0..<count where paints & (1 << k) != 0 { paintStep(k, inStep: true) }
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
