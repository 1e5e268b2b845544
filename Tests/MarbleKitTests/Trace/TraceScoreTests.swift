import Foundation
import Testing
@testable import MarbleKit

/// Scores in closed form: a perfect tracing, half of one, a scribble far away, an empty canvas.
@Suite("Trace score")
struct TraceScoreTests {
    static let easy = SessionConfiguration(mode: .fake, difficulty: .normal)

    /// Replays `samples` in a new session (fake physics, normal).
    static func replay(_ samples: [Sample]) throws -> DrawingSession {
        let session = DrawingSession(configuration: easy)
        for s in samples { try session.feed([s]) }
        return session
    }

    static func score(_ shape: TraceShape, _ session: DrawingSession) -> TraceScore {
        TraceScore(shape, canvas: session.canvas, penWidth: session.configuration.parameters.penWidth)
    }

    @Test("a replay that follows the guide lands on it: coverage 1, precision 1, 3 stars", arguments: TraceShape.allCases)
    func perfect(_ shape: TraceShape) throws {
        let guide = TraceGuide(shape, width: 1280, height: 800)
        let samples = guide.tracingSamples(speedPerTilt: Self.easy.parameters.speedPerTilt)
        let session = try Self.replay(samples)
        // The ball ends where it started, on the first point (to rounding).
        #expect(isApproximatelyEqual(session.marbles[0].ball.position, guide.vertices[0], tolerance: 1e-6))
        let score = Self.score(shape, session)
        #expect(score.coverage == 1, "\(shape): \(score)")
        #expect(score.precision == 1, "\(shape): \(score)")
        #expect(score.stars == 3)
    }

    @Test("half the circle traced: coverage ½ (to 1%), precision 1, one star")
    func half() throws {
        let guide = TraceGuide(.circle, width: 1280, height: 800)
        let samples = guide.tracingSamples(speedPerTilt: Self.easy.parameters.speedPerTilt)
        let pen = samples.filter(\.penDown).count
        // The way in, then the first half of the way round.
        let session = try Self.replay(Array(samples.prefix(samples.count - pen / 2)))
        let score = Self.score(.circle, session)
        // The pen's round end reaches (pen/2 + 6) px past each end of the half circle: 22 px of 1,508.
        #expect(isApproximatelyEqual(score.coverage, 0.5 + 22.0 / 1508, tolerance: 0.01), "\(score)")
        #expect(score.precision == 1)
        #expect(score.stars == 1)
    }

    @Test("a scribble in the corner, far from the guide: coverage 0, precision 0, no stars", arguments: TraceShape.allCases)
    func scribbleFarAway(_ shape: TraceShape) throws {
        var pen = Canvas.Pen()
        let canvas = Canvas(width: 1280, height: 800)
        var rng = SplitMix64(seed: 14)
        var p = Vec2(120, 100)
        canvas.beginStroke(at: p, color: RGBA8(200, 40, 40), width: 10, pen: &pen)
        for _ in 0..<2000 {
            p = Vec2(min(300, max(20, p.x + .random(in: -6...6, using: &rng))), min(140, max(20, p.y + .random(in: -6...6, using: &rng))))
            canvas.continueStroke(to: p, color: RGBA8(200, 40, 40), pen: &pen)
        }
        canvas.endStroke(pen: &pen)
        #expect(canvas.inkStatistics().pixels > 10_000)
        let score = TraceScore(shape, canvas: canvas, penWidth: 10)
        #expect(score.coverage == 0)
        #expect(score.precision == 0)
        #expect(score.stars == 0)
    }

    @Test("a blank canvas scores 0, 0 and no stars")
    func blank() {
        let score = TraceScore(.star, canvas: Canvas(width: 1280, height: 800), penWidth: 10)
        #expect(score == TraceScore(shape: .star, coverage: 0, precision: 0))
        #expect(score.stars == 0)
    }

    @Test("paint far from the guide lowers precision to (ink on it) / (all ink); coverage stays 1")
    func precisionCounts() throws {
        var pen = Canvas.Pen()
        let guide = TraceGuide(.circle, width: 1280, height: 800)
        let session = try Self.replay(guide.tracingSamples(speedPerTilt: Self.easy.parameters.speedPerTilt))
        let canvas = session.canvas
        let ink = canvas.inkStatistics().pixels
        // A dot of paint in the corner, far from the circle.
        canvas.beginStroke(at: Vec2(20, 20), color: RGBA8(0, 0, 200), width: 10, pen: &pen)
        canvas.endStroke(pen: &pen)
        let extra = canvas.inkStatistics().pixels - ink
        let score = Self.score(.circle, session)
        #expect(score.coverage == 1)
        #expect(isApproximatelyEqual(score.precision, Double(ink) / Double(ink + extra), tolerance: 1e-12))
    }

    @Test("stars: 3 needs coverage ≥ 0.9 and precision ≥ 0.8; 2 needs 0.7 and 0.6; 1 needs 0.4 and 0.4")
    func stars() {
        #expect(TraceScore.stars(coverage: 0.9, precision: 0.8) == 3)
        #expect(TraceScore.stars(coverage: 1, precision: 0.79) == 2)
        #expect(TraceScore.stars(coverage: 0.89, precision: 1) == 2)
        #expect(TraceScore.stars(coverage: 0.7, precision: 0.6) == 2)
        #expect(TraceScore.stars(coverage: 0.69, precision: 1) == 1)
        #expect(TraceScore.stars(coverage: 1, precision: 0.59) == 1)
        #expect(TraceScore.stars(coverage: 0.4, precision: 0.4) == 1)
        #expect(TraceScore.stars(coverage: 0.39, precision: 1) == 0)
        #expect(TraceScore.stars(coverage: 1, precision: 0.39) == 0)
        #expect(TraceScore.stars(coverage: 0, precision: 0) == 0)
    }

    @Test("the same canvas scores the same twice")
    func deterministic() throws {
        let guide = TraceGuide(.heart, width: 1280, height: 800)
        let session = try Self.replay(guide.tracingSamples(speedPerTilt: 450, speed: 420).prefix(900).map { $0 })
        #expect(Self.score(.heart, session) == Self.score(.heart, session))
        #expect(Self.score(.heart, session) != Self.score(.star, session))
    }

    @Test("a 1280×800 canvas scores quickly (well under 100 ms in release; this debug build gets 1 s)")
    func fast() throws {
        let guide = TraceGuide(.star, width: 1280, height: 800)
        let session = try Self.replay(guide.tracingSamples(speedPerTilt: 450))
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = Self.score(.star, session) }
        #expect(elapsed < .seconds(1), "\(elapsed)")
    }
}
