import Foundation
import Testing
@testable import MarbleKit

/// Ball motion against closed forms, driven through `DrawingSession` with timestamped samples.
@Suite("Physics")
struct PhysicsTests {
    // MARK: - Helpers

    /// Physics with no damping, so constant tilt gives x0 + ½at² (real) and x0 + vt (fake).
    static let undamped = PhysicsParameters(
        accelPerTilt: 750, speedPerTilt: 450, damping: 0, restitution: 0.5, ballRadius: 16, penWidth: 10)

    static func session(_ mode: PhysicsMode, _ parameters: PhysicsParameters,
                        width: Int = 1280, height: Int = 800) -> DrawingSession {
        DrawingSession(configuration: SessionConfiguration(
            mode: mode, parameters: parameters, canvasWidth: width, canvasHeight: height))
    }

    /// Feeds samples at `rate` Hz from t0 for `duration` s with tilt from `tilt(t − t0)`, pen up,
    /// calling `check` after each sample.
    static func drive(_ s: DrawingSession, rate: Int, duration: Double, t0: Double = 0,
                      tilt: (Double) -> Vec2, check: (DrawingSession) -> Void = { _ in }) throws {
        let n = Int((duration * Double(rate)).rounded())
        for i in 0...n {
            let local = Double(i) / Double(rate)
            try s.feed([Sample(t: t0 + local, tilt: tilt(local), penDown: false)])
            check(s)
        }
    }

    static let tilts: [(Double, Double)] = [(0.5, 0), (0, 0.5), (-0.3, 0.4), (0.6, -0.2), (-0.45, -0.35)]

    // MARK: - Constant tilt

    @Test("Real, no damping, constant tilt: x0 + ½at² within 0.5 px after 1 s", arguments: tilts)
    func realConstantTilt(tx: Double, ty: Double) throws {
        let s = Self.session(.real, Self.undamped)
        let start = s.marbles[0].ball.position
        try Self.drive(s, rate: 60, duration: 1, tilt: { _ in Vec2(tx, ty) })
        // Screen acceleration: tilt_x > 0 is +x, tilt_y > 0 is −y (towards the top).
        let a = Vec2(750 * tx, -750 * ty)
        let expected = start + 0.5 * a        // t = 1 s
        #expect(s.stepCount == 240)
        // Tolerance 0.5 px, as the spec states (an explicit-Euler step would be off by ~0.8 px).
        #expect(isApproximatelyEqual(s.marbles[0].ball.position, expected, tolerance: 0.5),
                "got \(s.marbles[0].ball.position), expected \(expected)")
        // Velocity a·t, within 0.5 px/s.
        #expect(isApproximatelyEqual(s.marbles[0].ball.velocity, a, tolerance: 0.5))
    }

    @Test("Fake, constant tilt: x0 + S·tilt·t within 0.5 px after 1 s", arguments: tilts)
    func fakeConstantTilt(tx: Double, ty: Double) throws {
        let s = Self.session(.fake, Self.undamped)
        let start = s.marbles[0].ball.position
        try Self.drive(s, rate: 60, duration: 1, tilt: { _ in Vec2(tx, ty) })
        let v = Vec2(450 * tx, -450 * ty)
        // Tolerance 0.5 px, as the spec states.
        #expect(isApproximatelyEqual(s.marbles[0].ball.position, start + v, tolerance: 0.5),
                "got \(s.marbles[0].ball.position), expected \(start + v)")
    }

    @Test("Tilt directions: tilt_x > 0 rolls right, tilt_y > 0 rolls towards the top", arguments: PhysicsMode.allCases)
    func tiltDirections(mode: PhysicsMode) throws {
        let right = Self.session(mode, Self.undamped)
        try Self.drive(right, rate: 60, duration: 0.5, tilt: { _ in Vec2(0.3, 0) })
        #expect(right.marbles[0].ball.position.x > 640 + 10)
        #expect(isApproximatelyEqual(right.marbles[0].ball.position.y, 400, tolerance: 1e-9))   // no sideways drift

        let up = Self.session(mode, Self.undamped)
        try Self.drive(up, rate: 60, duration: 0.5, tilt: { _ in Vec2(0, 0.3) })
        #expect(up.marbles[0].ball.position.y < 400 - 10)
        #expect(isApproximatelyEqual(up.marbles[0].ball.position.x, 640, tolerance: 1e-9))
    }

    @Test("Real with damping, constant tilt: v = a/k(1−e^(−kt)), x = x0 + a/k(t − (1−e^(−kt))/k)")
    func realDampedConstantTilt() throws {
        let k = 0.6
        var p = Self.undamped
        p.damping = k
        let s = Self.session(.real, p)
        let start = s.marbles[0].ball.position
        try Self.drive(s, rate: 50, duration: 1, tilt: { _ in Vec2(0.4, -0.3) })
        let a = Vec2(300, 225)
        let t = 1.0
        let decay = Foundation.exp(-k * t)
        let x = start + (1 / k) * (t - (1 - decay) / k) * a
        let v = ((1 - decay) / k) * a
        // The step integrates the ODE exactly for held tilt: 1e-6 px is rounding only.
        #expect(isApproximatelyEqual(s.marbles[0].ball.position, x, tolerance: 1e-6), "got \(s.marbles[0].ball.position), expected \(x)")
        #expect(isApproximatelyEqual(s.marbles[0].ball.velocity, v, tolerance: 1e-6))
    }

    // MARK: - Fixed step

    @Test("One second is exactly 240 steps, from any origin")
    func oneSecondIs240Steps() throws {
        var rng = SplitMix64(seed: 0x5eed)
        for _ in 0..<200 {
            // Origins with awkward binary fractions, small and large.
            // (Origins below 1 make t0 + 1 − t0 land an ulp below 1 about one time in five.)
            let t0 = rng.next() % 2 == 0 ? Double.random(in: 0..<1, using: &rng)
                : Double(rng.next() % 1_000_000) / 1000 + Double(rng.next() % 1000) / 7
            let s = Self.session(.fake, Self.undamped)
            try s.feed([Sample(t: t0, tilt: .zero, penDown: false)])
            try s.feed([Sample(t: t0 + 1, tilt: .zero, penDown: false)])
            #expect(s.stepCount == 240, "origin \(t0): \(s.stepCount) steps")
            try s.feed([Sample(t: t0 + 10, tilt: .zero, penDown: false)])
            #expect(s.stepCount == 2400, "origin \(t0): \(s.stepCount) steps")
        }
        // Frame times summed in steps of 1/240 s end a rounding error below 1 s: still 240 steps.
        let summed = Self.session(.fake, Self.undamped)
        var t = 0.0
        try summed.feed([Sample(t: t, tilt: Vec2(0.1, 0), penDown: false)])
        for _ in 0..<240 { t += 1.0 / 240 }
        #expect(t < 1)
        try summed.feed([Sample(t: t, tilt: Vec2(0.1, 0), penDown: false)])
        #expect(summed.stepCount == 240)
        // Sixty samples at 60 Hz make one second.
        let s = Self.session(.fake, Self.undamped)
        for i in 0...60 { try s.feed([Sample(t: Double(i) / 60, tilt: Vec2(0.1, 0), penDown: false)]) }
        #expect(s.stepCount == 240)
        #expect(isApproximatelyEqual(s.time, 1, tolerance: 1e-12))
    }

    // MARK: - Zero-order hold

    @Test("Input is held between samples, and counts as level once older than holdLimit")
    func zeroOrderHoldAndStaleness() throws {
        #expect(SessionConfiguration.holdLimit == 1.0)
        // Fake: tilt 0.5 at t = 0 and the next sample 3 s later moves for the hold limit only.
        let fake = Self.session(.fake, Self.undamped)
        try fake.feed([Sample(t: 0, tilt: Vec2(0.5, 0), penDown: false)])
        try fake.advance(to: 0.5)
        // Held: at 0.5 s it has moved S·0.5·0.5 = 112.5 px (tolerance 1e-9 px: exact steps).
        #expect(isApproximatelyEqual(fake.marbles[0].ball.position.x, 640 + 112.5, tolerance: 1e-9))
        try fake.feed([Sample(t: 3, tilt: .zero, penDown: false)])
        // Stale after 1 s: 225 px in all, not 675 (tolerance 1e-9 px).
        #expect(isApproximatelyEqual(fake.marbles[0].ball.position.x, 640 + 225, tolerance: 1e-9), "x = \(fake.marbles[0].ball.position.x)")

        // Real, no damping: accelerates for 1 s, then rolls on at A·tilt·1 s.
        let real = Self.session(.real, Self.undamped)
        try real.feed([Sample(t: 0, tilt: Vec2(0.2, 0), penDown: false)])
        try real.feed([Sample(t: 2, tilt: Vec2(0.2, 0), penDown: false)])
        // ½·150·1² + 150·1 = 225 px, velocity 150 px/s (tolerance 1e-6: exact steps, rounding only).
        #expect(isApproximatelyEqual(real.marbles[0].ball.position.x, 640 + 225, tolerance: 1e-6), "x = \(real.marbles[0].ball.position.x)")
        #expect(isApproximatelyEqual(real.marbles[0].ball.velocity.x, 150, tolerance: 1e-6))
    }

    // MARK: - A circle of tilt

    @Test("Fake, circle of tilt: x0 + (S/ω)sin ωt, y0 − (S/ω)(1 − cos ωt) within 3 px for 8 s", arguments: [240, 1000])
    func fakeCircle(rate: Int) throws {
        let omega = Double.pi       // radius S/ω ≈ 143 px: the loop stays well inside 1280×800
        let S = 450.0
        let s = Self.session(.fake, Self.undamped)
        let x0 = s.marbles[0].ball.position
        var worst = 0.0
        try Self.drive(s, rate: rate, duration: 8, tilt: { t in Vec2(cos(omega * t), sin(omega * t)) }) { s in
            let t = s.time
            // Screen y is down; tilt_y > 0 rolls up, so vy = −S sin ωt.
            let expected = Vec2(x0.x + S / omega * sin(omega * t), x0.y - S / omega * (1 - cos(omega * t)))
            worst = max(worst, (s.marbles[0].ball.position - expected).length)
        }
        #expect(isApproximatelyEqual(s.time, 8, tolerance: 1e-9))
        // Tolerance 3 px, as the spec states (held input lags by about half a step, ~1 px).
        #expect(worst <= 3, "worst distance from the closed form: \(worst) px")
    }

    @Test("Real with damping, circle of tilt: matches the closed form within 3 px for 8 s", arguments: [240, 1000])
    func realDampedCircle(rate: Int) throws {
        // dv/dt = a(t) − k v, v(0) = 0, with a(t) = A(cos ωt, −sin ωt) in screen axes.
        // As a complex number z = x + iy: a = A e^(−iωt), so
        //   v(t) = A/(k − iω) · (e^(−iωt) − e^(−kt))
        //   p(t) = p0 + A/(k − iω) · [(1 − e^(−iωt))/(iω) − (1 − e^(−kt))/k]
        // which settles on a circle of radius A/(ω√(k²+ω²)) ≈ 168 px about p0 − iA/(ωk), 375 px up.
        let A = 750.0, k = 1.0, omega = 2.0
        let parameters = PhysicsParameters(
            accelPerTilt: A, speedPerTilt: 450, damping: k, restitution: 0.5, ballRadius: 16, penWidth: 10)
        let s = Self.session(.real, parameters, width: 2000, height: 2000)
        let p0 = PhysicsComplex(s.marbles[0].ball.position.x, s.marbles[0].ball.position.y)
        let gain = PhysicsComplex(A, 0) / PhysicsComplex(k, -omega)
        func closedForm(_ t: Double) -> Vec2 {
            let rotating = (PhysicsComplex(1, 0) - PhysicsComplex.expI(-omega * t)) / PhysicsComplex(0, omega)
            let settling = PhysicsComplex((1 - exp(-k * t)) / k, 0)
            let z = p0 + gain * (rotating - settling)
            return Vec2(z.re, z.im)
        }
        var worst = 0.0
        var nearestWall = Double.infinity
        try Self.drive(s, rate: rate, duration: 8, tilt: { t in Vec2(cos(omega * t), sin(omega * t)) }) { s in
            worst = max(worst, (s.marbles[0].ball.position - closedForm(s.time)).length)
            let p = s.marbles[0].ball.position
            nearestWall = min(nearestWall, p.x, p.y, 2000 - p.x, 2000 - p.y)
        }
        // The test is only about free motion: the ball must never have come near a wall.
        #expect(nearestWall > 100, "the ball came within \(nearestWall) px of a wall")
        #expect(isApproximatelyEqual(s.time, 8, tolerance: 1e-9))
        // Tolerance 3 px, as the spec states.
        #expect(worst <= 3, "worst distance from the closed form: \(worst) px")
    }
}

/// A minimal complex number for the closed forms.
private struct PhysicsComplex {
    var re: Double
    var im: Double
    init(_ re: Double, _ im: Double) { self.re = re; self.im = im }
    static func expI(_ theta: Double) -> PhysicsComplex { PhysicsComplex(cos(theta), sin(theta)) }
    static func + (a: Self, b: Self) -> Self { Self(a.re + b.re, a.im + b.im) }
    static func - (a: Self, b: Self) -> Self { Self(a.re - b.re, a.im - b.im) }
    static func * (a: Self, b: Self) -> Self { Self(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re) }
    static func / (a: Self, b: Self) -> Self {
        let d = b.re * b.re + b.im * b.im
        return Self((a.re * b.re + a.im * b.im) / d, (a.im * b.re - a.re * b.im) / d)
    }
}
