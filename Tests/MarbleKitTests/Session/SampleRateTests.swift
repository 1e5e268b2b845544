import Foundation
import Testing
@testable import MarbleKit

/// The same smooth motion sampled at 60 Hz and at 240 Hz draws the same path.
@Suite("Sample rate")
struct SampleRateTests {
    struct Motion: CustomTestStringConvertible, Sendable {
        var name: String
        var seconds: Double
        var tilt: @Sendable (Double) -> Vec2
        var testDescription: String { name }
    }

    static let motions: [Motion] = [
        Motion(name: "slow circle", seconds: 6) { t in Vec2(0.35 * cos(1.3 * t), 0.35 * sin(1.3 * t)) },
        Motion(name: "figure eight", seconds: 8) { t in Vec2(0.4 * sin(0.9 * t), 0.3 * sin(1.8 * t)) },
        Motion(name: "swell and turn", seconds: 5) { t in
            let m = 0.5 * (1 - cos(1.1 * t)) * 0.6
            return Vec2(m * cos(0.7 * t + 0.4), m * sin(0.7 * t + 0.4))
        },
        Motion(name: "lean right then back", seconds: 4) { t in Vec2(0.3 * sin(0.8 * t), -0.15 * (1 - cos(1.6 * t))) },
    ]

    /// Feeds `motion` at `rate` Hz (pen down, heading following the tilt) and returns the path
    /// at every 1/60 s and the session.
    static func run(_ motion: Motion, mode: PhysicsMode, rate: Int) throws -> (path: [Vec2], session: DrawingSession) {
        let s = DrawingSession(configuration: SessionConfiguration(mode: mode, difficulty: .normal))
        let n = Int((motion.seconds * Double(rate)).rounded())
        var path: [Vec2] = []
        for i in 0...n {
            let t = Double(i) / Double(rate)
            let tilt = motion.tilt(t)
            try s.feed([Sample(t: t, tilt: tilt, heading: atan2(tilt.x, tilt.y) * 180 / .pi, penDown: true)])
            if i % (rate / 60) == 0 { path.append(s.marbles[0].ball.position) }
        }
        return (path, s)
    }

    @Test("60 Hz and 240 Hz end within 1% of the canvas width", arguments: PhysicsMode.allCases, motions)
    func sameEnd(mode: PhysicsMode, motion: Motion) throws {
        let slow = try Self.run(motion, mode: mode, rate: 60)
        let fast = try Self.run(motion, mode: mode, rate: 240)
        #expect(slow.path.count == fast.path.count)
        #expect(slow.session.stepCount == fast.session.stepCount)
        let limit = 0.01 * Double(slow.session.canvas.width)     // 12.8 px, the spec's 1%
        let end = (slow.session.marbles[0].ball.position - fast.session.marbles[0].ball.position).length
        #expect(end <= limit, "ends \(end) px apart")
        // Not just the end: the whole path stays that close.
        let worst = zip(slow.path, fast.path).map { ($0 - $1).length }.max() ?? 0
        #expect(worst <= limit, "paths up to \(worst) px apart")
        // The motion went somewhere (else matching ends says nothing).
        let travelled = zip(fast.path, fast.path.dropFirst()).map { ($1 - $0).length }.reduce(0, +)
        #expect(travelled > 200, "travelled only \(travelled) px")
    }
}
