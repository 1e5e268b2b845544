import Foundation
import Testing
@testable import MarbleKit

/// DrawingSession: determinism, bad input, time, pen and strokes.
@Suite("Drawing session")
struct SessionTests {
    // MARK: - Helpers

    static func session(_ mode: PhysicsMode = .real, _ difficulty: Difficulty = .normal,
                        width: Int = 640, height: Int = 400) -> DrawingSession {
        DrawingSession(configuration: SessionConfiguration(
            mode: mode, difficulty: difficulty, canvasWidth: width, canvasHeight: height))
    }

    /// A few seconds of smooth tilt at jittered times, with heading changes and pen lifts.
    static func samples(seed: UInt64, seconds: Double = 5) -> [Sample] {
        var rng = SplitMix64(seed: seed)
        var out: [Sample] = []
        var t = 100.0 + Double.random(in: 0..<1, using: &rng)      // any clock origin
        let start = t
        let phase = Double.random(in: 0..<6, using: &rng)
        while t - start < seconds {
            let u = t - start
            let tilt = Vec2(0.5 * sin(1.3 * u + phase), 0.4 * cos(0.9 * u))
            let pen = Int(u / 0.8) % 3 != 2           // down 1.6 s, up 0.8 s, …
            out.append(Sample(t: t, tilt: tilt, heading: u * 70 - 30, penDown: pen))
            t += Double.random(in: 0.004...0.03, using: &rng)
        }
        return out
    }

    /// Bit-for-bit equality of two balls (−0 and 0 differ; that is the point).
    static func identical(_ a: BallState, _ b: BallState) -> Bool {
        [a.position.x, a.position.y, a.velocity.x, a.velocity.y].map(\.bitPattern)
            == [b.position.x, b.position.y, b.velocity.x, b.velocity.y].map(\.bitPattern)
    }

    static func inside(_ s: DrawingSession) -> Bool {
        let r = s.configuration.parameters.ballRadius, p = s.marbles[0].ball.position
        return p.isFinite && s.marbles[0].ball.velocity.isFinite && p.x >= r && p.x <= Double(s.canvas.width) - r
            && p.y >= r && p.y <= Double(s.canvas.height) - r
    }

    // MARK: - Determinism

    @Test("Same samples give the same pixels bit for bit, also with extra advance(to:) calls", arguments: PhysicsMode.allCases)
    func deterministic(mode: PhysicsMode) throws {
        let samples = Self.samples(seed: 7)
        let a = Self.session(mode), b = Self.session(mode), live = Self.session(mode)
        for s in samples { try a.feed([s]) }
        for s in samples { try b.feed([s]) }
        var rng = SplitMix64(seed: 99)
        for (i, s) in samples.enumerated() {
            // A live frame loop: frames between samples (and one exactly at the next sample).
            if i > 0 {
                let previous = samples[i - 1].t
                for _ in 0..<Int.random(in: 0...3, using: &rng) {
                    try live.advance(to: previous + Double.random(in: 0..<1, using: &rng) * (s.t - previous))
                }
                if i % 5 == 0 { try live.advance(to: s.t) }
            }
            try live.feed([s])
        }
        #expect(a.strokes.count >= 2 && a.segmentCount > 100, "the run should draw (\(a.segmentCount) pieces)")
        for other in [b, live] {
            // Bit for bit is the point here.
            #expect(other.canvas.pixelBytes == a.canvas.pixelBytes)
            #expect(Self.identical(other.marbles[0].ball, a.marbles[0].ball))
            #expect(other.strokes == a.strokes)
            #expect(other.stepCount == a.stepCount)
        }
    }

    // MARK: - Bad input

    @Test("NaN and infinite samples are dropped and counted, and never reach the ball", arguments: PhysicsMode.allCases)
    func nonFiniteSamplesDropped(mode: PhysicsMode) throws {
        let good = Self.samples(seed: 3, seconds: 2)
        let clean = Self.session(mode), dirty = Self.session(mode)
        for s in good { try clean.feed([s]) }
        let bad: [(Sample, String)] = [
            (Sample(t: .nan, tilt: Vec2(0.1, 0.1)), "t"),
            (Sample(t: .infinity, tilt: Vec2(0.1, 0.1)), "t"),
            (Sample(t: 0, tilt: Vec2(.nan, 0.1)), "tilt_x"),
            (Sample(t: 0, tilt: Vec2(-.infinity, 0.1)), "tilt_x"),
            (Sample(t: 0, tilt: Vec2(0.2, .nan)), "tilt_y"),
            (Sample(t: 0, tilt: Vec2(0.2, .infinity)), "tilt_y"),
            (Sample(t: 0, tilt: Vec2(0.2, 0.1), heading: .nan), "heading"),
            (Sample(t: 0, tilt: Vec2(0.2, 0.1), heading: -.infinity), "heading"),
        ]
        var dropped = 0
        for (i, s) in good.enumerated() {
            if i % 7 == 3 {
                var (b, field) = bad[(i / 7) % bad.count]
                if b.t == 0 { b.t = s.t }           // a finite time that would otherwise be accepted
                let verdict = try dirty.feed([b])
                #expect(verdict == .dropped(.notFinite(field)))
                dropped += 1
                #expect(dirty.marbles[0].ball.position.isFinite && dirty.marbles[0].ball.velocity.isFinite)
            }
            #expect(try dirty.feed([s]) == .accepted)
        }
        #expect(dropped >= 8)
        #expect(dirty.droppedSamples == dropped)
        #expect(dirty.acceptedSamples == good.count)
        #expect(clean.droppedSamples == 0)
        // The bad samples changed nothing at all (bit for bit).
        #expect(Self.identical(dirty.marbles[0].ball, clean.marbles[0].ball))
        #expect(dirty.canvas.pixelBytes == clean.canvas.pixelBytes)
        #expect(dirty.strokes == clean.strokes)
        // A first sample that is bad does not start the clock.
        let fresh = Self.session(mode)
        #expect(try fresh.feed([Sample(t: .nan, tilt: .zero)]) == .dropped(.notFinite("t")))
        #expect(fresh.origin == nil && fresh.marbles[0].input == nil && fresh.droppedSamples == 1)
    }

    @Test("A tilt longer than 1 g is clamped to 1 g in the same direction", arguments: PhysicsMode.allCases)
    func tiltClamped(mode: PhysicsMode) throws {
        let cases: [(Vec2, Vec2)] = [
            (Vec2(2.5, 0), Vec2(1, 0)), (Vec2(0, -40), Vec2(0, -1)), (Vec2(3, -4), Vec2(0.6, -0.8)),
            (Vec2(-7, 7), Vec2(-0.5.squareRoot(), 0.5.squareRoot())), (Vec2(1e6, 2e6), Vec2(1, 2) * (1 / 5.0.squareRoot())),
        ]
        for (big, unit) in cases {
            let a = Self.session(mode, width: 1280, height: 800), b = Self.session(mode, width: 1280, height: 800)
            for i in 0...30 {
                try a.feed([Sample(t: Double(i) / 60, tilt: big, penDown: false)])
                try b.feed([Sample(t: Double(i) / 60, tilt: unit, penDown: false)])
            }
            // Same motion to 1e-9 px (the clamped tilt may differ from `unit` in the last bit).
            #expect(isApproximatelyEqual(a.marbles[0].ball.position, b.marbles[0].ball.position, tolerance: 1e-9), "\(big): \(a.marbles[0].ball.position) vs \(b.marbles[0].ball.position)")
            #expect(isApproximatelyEqual(a.marbles[0].ball.velocity, b.marbles[0].ball.velocity, tolerance: 1e-9))
            #expect((a.marbles[0].ball.position - Vec2(640, 400)).length > 50)    // it did move
            #expect(isApproximatelyEqual(a.marbles[0].input?.tilt.length ?? 0, 1, tolerance: 1e-12))
        }
        // Within 1 g nothing is changed (bit for bit).
        let s = Sample(t: 0, tilt: Vec2(0.6, -0.79))
        #expect(try s.sanitized().get().tilt == s.tilt)
    }

    // MARK: - Time

    @Test("Time going backwards throws and leaves the session unchanged", arguments: PhysicsMode.allCases)
    func timeBackwards(mode: PhysicsMode) throws {
        let samples = Self.samples(seed: 11, seconds: 2)
        let s = Self.session(mode), reference = Self.session(mode)
        for x in samples { try s.feed([x]); try reference.feed([x]) }
        let last = samples.last!
        let before = (ball: s.marbles[0].ball, steps: s.stepCount, input: s.marbles[0].input, origin: s.origin,
                      accepted: s.acceptedSamples, dropped: s.droppedSamples, strokes: s.strokes,
                      pixels: s.canvas.pixelBytes, segments: s.segmentCount)
        let early = Sample(t: last.t - 0.25, tilt: Vec2(1, 1), heading: 90, penDown: !last.penDown)
        #expect(throws: SessionError.timeWentBackwards(previous: last.t, got: early.t)) {
            try s.feed([early])
        }
        #expect(Self.identical(s.marbles[0].ball, before.ball))
        #expect(s.stepCount == before.steps && s.marbles[0].input == before.input && s.origin == before.origin)
        #expect(s.acceptedSamples == before.accepted && s.droppedSamples == before.dropped)
        #expect(s.strokes == before.strokes && s.segmentCount == before.segments)
        #expect(s.canvas.pixelBytes == before.pixels)
        // And it carries on as if the bad sample had never come.
        for k in 1...60 {
            let next = Sample(t: last.t + Double(k) / 60, tilt: Vec2(-0.3, 0.2), heading: 200, penDown: true)
            try s.feed([next])
            try reference.feed([next])
        }
        #expect(Self.identical(s.marbles[0].ball, reference.marbles[0].ball))
        #expect(s.canvas.pixelBytes == reference.canvas.pixelBytes)
        // Equal times are fine.
        #expect(try s.feed([Sample(t: last.t + 1, tilt: .zero)]) == .accepted)
    }

    @Test("A one-hour gap does not blow up", arguments: PhysicsMode.allCases, Difficulty.allCases)
    func hourGap(mode: PhysicsMode, difficulty: Difficulty) throws {
        let s = Self.session(mode, difficulty)
        for i in 0...120 {
            try s.feed([Sample(t: Double(i) / 60, tilt: Vec2(0.9 * cos(Double(i) / 20), 0.7), penDown: true)])
        }
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            try s.feed([Sample(t: 2 + 3600, tilt: Vec2(0.2, -0.1), penDown: true)])
        }
        // Quick: an idle hour is 864,000 steps; the level board at rest must be skipped.
        #expect(elapsed < .seconds(3), "took \(elapsed)")
        #expect(Self.inside(s), "ball \(s.marbles[0].ball)")
        #expect(s.stepCount == 3602 * 240)
        #expect(isApproximatelyEqual(s.time, 3602, tolerance: 1e-9))
        // And it goes on drawing afterwards.
        let pieces = s.segmentCount
        for i in 1...120 { try s.feed([Sample(t: 3602 + Double(i) / 60, tilt: Vec2(0.2, -0.1), penDown: true)]) }
        #expect(Self.inside(s))
        #expect(s.segmentCount > pieces)
    }

    // MARK: - Pen

    @Test("Pen up moves the ball without painting", arguments: PhysicsMode.allCases)
    func penUpDoesNotPaint(mode: PhysicsMode) throws {
        let s = Self.session(mode)
        for i in 0...90 { try s.feed([Sample(t: Double(i) / 60, tilt: Vec2(0.4, 0.2), penDown: false)]) }
        #expect((s.marbles[0].ball.position - Vec2(320, 200)).length > 50)
        #expect(s.canvas.inkStatistics().pixels == 0)
        #expect(s.strokes.isEmpty && s.segmentCount == 0)
        #expect(s.canvas.changes(since: .start) == nil)
    }

    @Test("Pen down then up makes exactly one stroke, from where it went down to where it came up",
          arguments: PhysicsMode.allCases)
    func penDownThenUp(mode: PhysicsMode) throws {
        let s = Self.session(mode)
        let start = s.marbles[0].ball.position
        var t = 0.0
        for _ in 0...60 { try s.feed([Sample(t: t, tilt: Vec2(0.3, 0.1), penDown: true)]); t += 1.0 / 60 }
        try s.feed([Sample(t: t, tilt: Vec2(-0.2, 0.3), penDown: false)])
        let lifted = s.marbles[0].ball.position
        let inkWhenLifted = s.canvas.inkStatistics()
        for _ in 0...60 { t += 1.0 / 60; try s.feed([Sample(t: t, tilt: Vec2(-0.2, 0.3), penDown: false)]) }
        #expect(s.strokes.count == 1)
        let points = s.strokes[0].points
        #expect(points.count > 20)
        // Exactly where the pen went down and came up (bit for bit: the same stored doubles).
        #expect(points.first?.position == start)
        #expect(points.last?.position == lifted)
        #expect(inkWhenLifted.pixels > 0)
        // Moving with the pen up afterwards painted nothing more.
        #expect((s.marbles[0].ball.position - lifted).length > 20)
        #expect(s.canvas.inkStatistics().pixels == inkWhenLifted.pixels)
        #expect(s.canvas.inkStatistics().box == inkWhenLifted.box)
        // Down again: a second stroke.
        t += 1.0 / 60
        try s.feed([Sample(t: t, tilt: .zero, penDown: true)])
        #expect(s.strokes.count == 2)
    }

    // MARK: - Strokes

    @Test("Strokes re-drawn with Canvas.draw on a fresh canvas reproduce the session's canvas bit for bit",
          arguments: PhysicsMode.allCases, Difficulty.allCases)
    func strokesReplay(mode: PhysicsMode, difficulty: Difficulty) throws {
        var pen = Canvas.Pen()
        let s = Self.session(mode, difficulty)
        for x in Self.samples(seed: 21, seconds: 6) { try s.feed([x]) }
        #expect(s.strokes.count >= 3)
        let fresh = Canvas(width: s.canvas.width, height: s.canvas.height, background: s.canvas.background)
        for stroke in s.strokes { fresh.draw(stroke, pen: &pen) }
        #expect(fresh.pixelBytes == s.canvas.pixelBytes)
        #expect(s.canvas.inkStatistics().pixels > 1000)
    }
}
