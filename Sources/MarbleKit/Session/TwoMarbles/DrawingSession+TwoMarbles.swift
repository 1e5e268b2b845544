/// Feeding and stepping two marbles: both move each step, then meet, then paint, marble 1 first.
extension DrawingSession {
    /// Runs the physics up to the samples' time with the inputs held, then makes `sample` marble
    /// 1's input and `other` marble 2's (at `sample`'s time: a two-marble log's row).
    ///
    /// A sample with NaN or infinite values drops the pair (counted once). A one-marble session
    /// takes `sample` only.
    /// - Throws: `SessionError` as `feed(_:)` does; the session is unchanged then.
    @discardableResult
    public func feed(_ sample: Sample, second other: Sample) throws(SessionError) -> Verdict {
        guard second != nil else { return try feed(sample) }
        let s: Sample, o: Sample
        switch (sample.sanitized(), other.sanitized()) {
        case (.success(let a), .success(let b)):
            s = a
            o = b
        case (.failure(let defect), _), (_, .failure(let defect)):
            droppedSamples += 1
            return .dropped(defect)
        }
        if let previous = input ?? second?.input, s.t < previous.t {
            throw .timeWentBackwards(previous: previous.t, got: s.t)
        }
        if let origin, s.t - origin > SessionConfiguration.maxDuration {
            throw .timeTooFar(s.t)
        }
        if origin == nil { origin = s.t }
        try advance(to: s.t)
        var o2 = o
        o2.t = s.t
        apply(s)
        asSecond { apply(o2) }
        acceptedSamples += 1
        movement.add(s)
        asSecond { movement.add(o2) }
        return .accepted
    }

    /// Steps both marbles until `stepCount == target`: each under its held tilt, then their
    /// meeting (`Kinematics.meet`), then marble 1's trail and marble 2's.
    func runBoth(until target: Int64) {
        guard input != nil || second?.input != nil else {
            stepCount = max(stepCount, target)
            return
        }
        while stepCount < target, var other = second {
            let held = input.map { stepCount < staleStep ? $0.tilt : .zero } ?? .zero
            let otherHeld = other.input.map { stepCount < other.staleStep ? $0.tilt : .zero } ?? .zero
            if held == .zero && otherHeld == .zero && ball.velocity == .zero && other.ball.velocity == .zero {
                // A level board under two resting balls: nothing moves until new input comes.
                if let stepListener {
                    let rest = soundSteps(impact: 0, 0)
                    for _ in 0..<(target - stepCount) { stepListener(rest) }
                }
                stepCount = target
                break
            }
            let from = (ball.position, other.ball.position)
            let impact = kinematics.step(&ball, tilt: held)
            let otherImpact = kinematics.step(&other.ball, tilt: otherHeld)
            let met = kinematics.meet(&ball, &other.ball, from: from.0, from.1)
            second = other
            stepCount += 1
            // A voice each, panned by its own x; meeting knocks both.
            if let stepListener { stepListener(soundSteps(impact: max(impact, met), max(otherImpact, met))) }
            inStep = true
            paintStep()
            asSecond { paintStep() }
            inStep = false
        }
    }

    /// The step just taken as both marbles sound: marble 1's voice, and marble 2's as `second`.
    func soundSteps(impact: Double, _ otherImpact: Double) -> SoundStep {
        var step = soundStep(impact: impact)
        let theirs = asSecond { soundStep(impact: otherImpact) }
        step.second = SoundStep.Voice(pan: theirs.pan, speed: theirs.speed, penDown: theirs.penDown, hue: theirs.hue, impact: theirs.impact)
        return step
    }

    /// Where a piece painted now falls in the order of painting: by step; within a step, what the
    /// step paints before what a sample applied after it paints; then marble 1 before marble 2.
    var paintOrder: Int64 { stepCount * 4 + (inStep ? 0 : 2) + (actingSecond ? 1 : 0) }
}
