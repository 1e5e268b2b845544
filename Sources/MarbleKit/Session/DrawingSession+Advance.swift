/// Feeding samples and running the fixed-step physics.
extension DrawingSession {
    /// What became of a fed sample.
    public enum Verdict: Equatable, Sendable {
        case accepted
        case dropped(SampleDefect)
    }

    /// Runs the physics up to the sample's time with the previous input, then makes it the input.
    ///
    /// Samples with NaN or infinite values are dropped and counted, and change nothing.
    /// - Throws: `SessionError` when time goes backwards or jumps beyond `maxDuration`;
    ///   the session is unchanged then.
    @discardableResult
    public func feed(_ sample: Sample) throws(SessionError) -> Verdict {
        let s: Sample
        switch sample.sanitized() {
        case .success(let ok): s = ok
        case .failure(let defect):
            droppedSamples += 1
            return .dropped(defect)
        }
        if let previous = input, s.t < previous.t {
            throw .timeWentBackwards(previous: previous.t, got: s.t)
        }
        if let origin, s.t - origin > SessionConfiguration.maxDuration {
            throw .timeTooFar(s.t)
        }
        if origin == nil { origin = s.t }
        try advance(to: s.t)
        apply(s)
        acceptedSamples += 1
        movement.add(s)
        return .accepted
    }

    /// Runs the physics up to time `t` with the input held (a live frame with no new sample).
    ///
    /// Does nothing before the first sample or for a time already passed.
    public func advance(to t: Double) throws(SessionError) {
        guard let origin, t.isFinite else { return }
        if t - origin > SessionConfiguration.maxDuration { throw .timeTooFar(t) }
        // A hair over a whole step counts as that step: 1 s is exactly 240 steps even when
        // t·240 lands a rounding error below 240.
        let target = Int64(Maths.floor((t - origin) * Double(SessionConfiguration.stepsPerSecond) + 1e-6))
        run(until: target)
    }

    // MARK: - Internals

    /// Makes `s` the input: pen changes start or end strokes at the ball's position.
    ///
    /// A new tool (eraser on or off, another width) with the pen down ends the stroke; the
    /// next one starts once the ball moves: a stroke has one width, and an eraser pass is a
    /// stroke of its own for undo.
    func apply(_ s: Sample) {
        let wasDown = input?.penDown ?? false
        let toolChanged = input.map { $0.erase != s.erase || Self.penWidth(of: $0, configuration) != Self.penWidth(of: s, configuration) } ?? false
        if s.heading != input?.heading || input == nil {
            inputColor = HeadingColor.color(heading: s.heading)
        }
        if toolChanged && wasDown && s.penDown && canvas.penPoint != nil {
            // The next stroke starts when the ball moves, as after an edit: switching tools
            // at rest (X, then 3) leaves no dots to undo one by one.
            finishStroke()
            strokePending = true
        }
        input = s
        let holdSteps = SessionConfiguration.holdLimit * Double(SessionConfiguration.stepsPerSecond)
        staleStep = Int64(Maths.ceil((s.t - (origin ?? s.t)) * Double(SessionConfiguration.stepsPerSecond) + holdSteps))
        if s.penDown && !wasDown {
            startStroke()
        } else if !s.penDown && wasDown {
            finishStroke()
            strokePending = false
        }
    }

    /// Steps the physics until `stepCount == target`, painting while the pen is down.
    func run(until target: Int64) {
        if second != nil { return runBoth(until: target) }
        guard let input else {
            stepCount = max(stepCount, target)
            return
        }
        let tilt = input.tilt
        while stepCount < target {
            let held = stepCount < staleStep ? tilt : .zero
            if held == .zero && ball.velocity == .zero {
                // A level board under a resting ball: nothing moves until new input comes.
                if let stepListener { hearRest(steps: target - stepCount, stepListener) }
                stepCount = target
                break
            }
            let impact = kinematics.step(&ball, tilt: held)
            stepCount += 1
            if let stepListener { stepListener(soundStep(impact: impact)) }
            paintStep()
        }
    }

    /// After a step: the trail follows the ball (a piece once it has gone `pieceLength`), or a
    /// pending stroke starts.
    @inline(__always)
    func paintStep() {
        if let last = canvas.penPoint {
            if (ball.position - last).length >= SessionConfiguration.pieceLength {
                extendStroke(to: ball.position)
            }
        } else if strokePending {
            strokePending = false
            startStroke()
        }
    }

    /// The step just taken, as the synthesizer hears it.
    func soundStep(impact: Double) -> SoundStep {
        let (lo, hi) = kinematics.bounds
        let span = hi.x - lo.x
        return SoundStep(pan: span > 0 ? (ball.position.x - lo.x) / span : 0.5, speed: ball.velocity.length,
                         penDown: input?.penDown ?? false, hue: input?.heading ?? 0, impact: impact)
    }

    func hearRest(steps: Int64, _ listener: (SoundStep) -> Void) {
        let rest = soundStep(impact: 0)
        for _ in 0..<steps { listener(rest) }
    }

    func startStroke() {
        forgetUndone()
        // The canvas now shows exactly the history so far: a picture to undo back to. Not
        // while the other marble's stroke is open: it is in the history but not all painted.
        if second?.pen.point == nil { undoBases.record(steps: history.count, canvas: canvas) }
        let p = ball.position
        history.append(.stroke(strokes.count))
        if second != nil { openStroke = strokes.count }
        strokes.append(Stroke(width: penWidth, points: [StrokePoint(x: p.x, y: p.y, color: paintColor)],
                              order: second != nil ? [paintOrder] : nil))
        canvas.beginStroke(at: p, color: paintColor, width: penWidth)
    }

    func extendStroke(to p: Vec2) {
        let i = openStroke ?? strokes.count - 1
        strokes[i].points.append(StrokePoint(x: p.x, y: p.y, color: paintColor))
        if second != nil { strokes[i].order?.append(paintOrder) }
        canvas.continueStroke(to: p, color: paintColor)
    }

    /// Ends the open stroke where the ball is, adding the last short piece if it moved.
    func finishStroke() {
        if let last = canvas.penPoint, ball.position != last {
            extendStroke(to: ball.position)
        }
        canvas.endStroke()
        // Done growing: its arrays give back what doubling left spare.
        if !strokes.isEmpty { strokes[openStroke ?? strokes.count - 1].points.shrinkToFit() }
        openStroke = nil
    }
}
