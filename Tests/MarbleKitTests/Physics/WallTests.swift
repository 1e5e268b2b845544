import Foundation
import Testing
@testable import MarbleKit

/// The walls: the ball's centre stays in [r, W−r] × [r, H−r]; real bounces, fake slides.
@Suite("Walls")
struct WallTests {
    struct Setup: CustomTestStringConvertible, Sendable {
        var mode: PhysicsMode
        var difficulty: Difficulty
        var width: Int
        var height: Int
        var seed: UInt64
        var testDescription: String { "\(mode) \(difficulty) \(width)×\(height) seed \(seed)" }
    }

    static let setups: [Setup] = {
        var out: [Setup] = []
        var seed: UInt64 = 1
        for mode in PhysicsMode.allCases {
            for difficulty in Difficulty.allCases {
                for (w, h) in [(1280, 800), (220, 130)] {
                    out.append(Setup(mode: mode, difficulty: difficulty, width: w, height: h, seed: seed))
                    seed += 1
                }
            }
        }
        return out
    }()

    @Test("Random tilt sequences never put the ball's centre outside [r, W−r]×[r, H−r]", arguments: setups)
    func randomTiltStaysInside(_ setup: Setup) throws {
        let s = DrawingSession(configuration: SessionConfiguration(
            mode: setup.mode, difficulty: setup.difficulty,
            canvasWidth: setup.width, canvasHeight: setup.height))
        let r = s.configuration.parameters.ballRadius
        let lo = Vec2(r, r), hi = Vec2(Double(setup.width) - r, Double(setup.height) - r)
        var rng = SplitMix64(seed: setup.seed)
        var t = 0.0
        var hits = (lo: 0, hi: 0)
        var outside = false
        func check(_ what: @autoclosure () -> String) {
            let p = s.marbles[0].ball.position
            // Exact bounds: the centre must never be outside, not even by rounding.
            let ok = p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y
            if !ok && !outside { Issue.record("\(what()): ball at \(p), bounds \(lo)…\(hi)") }
            outside = outside || !ok
            if p.x - lo.x < 1 || p.y - lo.y < 1 { hits.lo += 1 }
            if hi.x - p.x < 1 || hi.y - p.y < 1 { hits.hi += 1 }
        }
        for i in 0..<1500 {
            // Mostly frame-like gaps with random tilts up to 1.6 g (clamped to 1); every 60th
            // sample a hard shove (≥ 1 g, any direction) held through a long gap.
            let shove = i % 60 == 0
            let previous = t
            t += shove ? Double.random(in: 0.5...2.5, using: &rng) : Double.random(in: 0.001...0.06, using: &rng)
            var tilt = Vec2(Double.random(in: -1.6...1.6, using: &rng), Double.random(in: -1.6...1.6, using: &rng))
            if shove {
                let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
                tilt = Vec2(cos(angle), sin(angle)) * Double.random(in: 1...1.5, using: &rng)
            }
            // Between samples, look at every step too (advance(to:) does not change the motion).
            if i > 0 {
                var frame = previous + 1.0 / 240
                while frame < t {
                    try s.advance(to: frame)
                    check("between samples at t=\(frame)")
                    frame += 1.0 / 240
                }
            }
            try s.feed([Sample(t: t, tilt: tilt, heading: 0, penDown: i % 200 < 50)])
            check("sample \(i) at t=\(t)")
        }
        #expect(!outside)
        // The sequence really drove the ball into walls on both sides (else the test says nothing).
        #expect(hits.lo > 0 && hits.hi > 0, "wall contacts: \(hits)")
    }

    // MARK: - Real: bounce with restitution

    struct Throw: CustomTestStringConvertible, Sendable {
        var tilt: Vec2          // held for 0.5 s, then level
        var restitution: Double
        var testDescription: String { "tilt \(tilt.x),\(tilt.y) e=\(restitution)" }
    }

    @Test("Real: a ball thrown at a wall comes back with its normal velocity reversed and scaled by e",
          arguments: [Throw(tilt: Vec2(1, 0), restitution: 0.5), Throw(tilt: Vec2(-1, 0), restitution: 0.3),
                      Throw(tilt: Vec2(0, 1), restitution: 0.8), Throw(tilt: Vec2(0, -1), restitution: 1.0)])
    func realBounce(_ shot: Throw) throws {
        let A = 750.0, r = 16.0
        let p = PhysicsParameters(accelPerTilt: A, speedPerTilt: 450, damping: 0,
                                  restitution: shot.restitution, ballRadius: r, penWidth: 10)
        let s = DrawingSession(configuration: SessionConfiguration(mode: .real, parameters: p))
        try s.feed([Sample(t: 0, tilt: shot.tilt, penDown: false)])
        try s.feed([Sample(t: 0.5, tilt: .zero, penDown: false)])
        // After 0.5 s at A: speed 375 px/s, 93.75 px travelled, along the throw's screen axis.
        let axisIsX = shot.tilt.x != 0
        let sign = axisIsX ? shot.tilt.x : -shot.tilt.y          // screen direction of travel
        let v = 375.0 * sign
        let start = axisIsX ? 640.0 : 400.0
        let wall = sign > 0 ? (axisIsX ? 1280 - r : 800 - r) : r
        let launched = start + 93.75 * sign
        let tHit = 0.5 + (wall - launched) / v
        let tEnd = 3.0
        #expect(tHit > 1 && tHit < 2.5)
        try s.feed([Sample(t: tEnd, tilt: .zero, penDown: false)])

        let e = shot.restitution
        let along = axisIsX ? s.marbles[0].ball.velocity.x : s.marbles[0].ball.velocity.y
        let across = axisIsX ? s.marbles[0].ball.velocity.y : s.marbles[0].ball.velocity.x
        // No damping: the normal velocity after the bounce is exactly −e·v (1e-9 px/s: rounding).
        #expect(isApproximatelyEqual(along, -e * v, tolerance: 1e-9), "velocity after the bounce: \(along), expected \(-e * v)")
        #expect(isApproximatelyEqual(across, 0, tolerance: 1e-12))
        // And it has travelled back from the wall at that speed since the hit (1e-6 px: rounding).
        let pos = axisIsX ? s.marbles[0].ball.position.x : s.marbles[0].ball.position.y
        let expected = wall - e * v * (tEnd - tHit)
        #expect(isApproximatelyEqual(pos, expected, tolerance: 1e-6), "position \(pos), expected \(expected)")
    }

    // MARK: - Fake: slide along the wall

    @Test("Fake: tilting diagonally into a wall pins one coordinate while the other moves at S·tilt",
          arguments: [Vec2(0.8, 0.3), Vec2(-0.8, -0.3), Vec2(-0.3, 0.8), Vec2(0.3, -0.8)])
    func fakeSlide(_ tilt: Vec2) throws {
        let S = 450.0, r = 16.0
        let s = DrawingSession(configuration: SessionConfiguration(mode: .fake, difficulty: .normal))
        #expect(s.configuration.parameters.speedPerTilt == S && s.configuration.parameters.ballRadius == r)
        let v = Vec2(S * tilt.x, -S * tilt.y)                       // screen velocity
        let pinnedIsX = abs(tilt.x) > abs(tilt.y)
        let wall = pinnedIsX ? (v.x > 0 ? 1280 - r : r) : (v.y > 0 ? 800 - r : r)
        let tHit = pinnedIsX ? (wall - 640) / v.x : (wall - 400) / v.y
        var pinnedSamples = 0
        for i in 0...150 {
            let t = Double(i) / 60
            try s.feed([Sample(t: t, tilt: tilt, penDown: false)])
            let elapsed = s.time
            let free = pinnedIsX ? 400 + v.y * elapsed : 640 + v.x * elapsed
            let freeNow = pinnedIsX ? s.marbles[0].ball.position.y : s.marbles[0].ball.position.x
            // The other coordinate always moves at S·tilt (1e-6 px: rounding over the steps).
            #expect(isApproximatelyEqual(freeNow, free, tolerance: 1e-6), "t=\(t): \(freeNow) vs \(free)")
            if elapsed > tHit + 1.0 / 240 {
                pinnedSamples += 1
                let pinned = pinnedIsX ? s.marbles[0].ball.position.x : s.marbles[0].ball.position.y
                // Pinned to the wall coordinate (1e-9 px: the wall value itself).
                #expect(isApproximatelyEqual(pinned, wall, tolerance: 1e-9), "t=\(t): \(pinned) vs wall \(wall)")
                let vn = pinnedIsX ? s.marbles[0].ball.velocity.x : s.marbles[0].ball.velocity.y
                #expect(isApproximatelyEqual(vn, 0, tolerance: 0))
            }
        }
        #expect(pinnedSamples > 30)
    }
}
