/// The input of a perfect tracing: demos, tests and pictures of what full marks look like.
extension TraceGuide {
    /// Samples that make an easy (fake-physics) ball trace the guide exactly: from the canvas's
    /// centre to the guide's first point with the pen up, then once round with the pen down,
    /// heading along the way (so the colour turns with the path).
    ///
    /// One sample a physics step (240 Hz), each tilted so that the step's velocity (speed per
    /// tilt `speedPerTilt`, px/s per g) carries the ball from one point to the next,
    /// `speed` px/s apart: the ball lands on each point to rounding.
    ///
    /// - Parameters:
    ///   - speedPerTilt: the fake physics' S (450 for normal).
    ///   - speed: the ball's speed in px/s; at most `speedPerTilt` (a tilt of 1 g).
    public func tracingSamples(speedPerTilt: Double, speed: Double = 300) -> [Sample] {
        let rate = Double(SessionConfiguration.stepsPerSecond)
        let step = min(speed, speedPerTilt) / rate
        // The way in, pen up: a straight line from the centre to the first point.
        let start = vertices.first ?? center
        let inward = (start - center).length
        let count = max(1, Int(Maths.ceil(inward / step)))
        var path: [(Vec2, Bool)] = (0...count).map { (center + (start - center) * (Double($0) / Double(count)), false) }
        // Once round, pen down, back to the first point.
        let round = points(spacing: step)
        path += round.map { ($0, true) } + [(start, true)]
        var samples: [Sample] = []
        var heading = 0.0
        for k in path.indices {
            let (p, pen) = path[k]
            let next = k + 1 < path.count ? path[k + 1].0 : p
            let d = next - p
            if d.length > 1e-9 { heading = Maths.remainder(Maths.atan2(d.x, -d.y) * 180 / .pi + 360, dividingBy: 360) }
            // tilt_y > 0 rolls towards the top of the screen: up the canvas's y.
            samples.append(Sample(t: Double(k) / rate, tilt: Vec2(d.x, -d.y) * (rate / speedPerTilt), heading: heading, penDown: pen))
        }
        return samples
    }
}
