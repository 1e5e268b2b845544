import MarbleKit
import Testing
@testable import MarbleApp

/// Keyboard tilt: a constant-rate ramp to 0.5 g in 0.4 s, back to zero in 0.25 s.
///
/// Tolerance 1e-9: the ramps are sums of a few dozen steps, each exact to about 1e-16.
@Suite("Keyboard tilt")
struct KeyboardTiltTests {
    static let tolerance = 1e-9

    /// Holds the given keys for `seconds`, in steps of `dt`.
    static func hold(_ k: inout KeyboardTilt, left: Bool = false, right: Bool = false, up: Bool = false,
                     down: Bool = false, seconds: Double, dt: Double = 0.01) {
        for _ in 0..<Int((seconds / dt).rounded()) {
            _ = k.update(left: left, right: right, up: up, down: down, dt: dt)
        }
    }

    @Test("Holding right for 0.2 s gives 0.5 × 0.2/0.4 = 0.25")
    func rampsAtConstantRate() {
        var k = KeyboardTilt()
        Self.hold(&k, right: true, seconds: 0.2)
        #expect(abs(k.tilt.x - 0.25) < Self.tolerance)
        #expect(k.tilt.y == 0)
    }

    @Test("Holding reaches exactly 0.5 and stays there")
    func reachesMaximum() {
        var k = KeyboardTilt()
        Self.hold(&k, up: true, seconds: 0.5)
        #expect(k.tilt == Vec2(0, 0.5))
        Self.hold(&k, up: true, seconds: 1)
        #expect(k.tilt == Vec2(0, 0.5))
    }

    @Test("Released at 0.5, after 0.1 s the tilt is 0.5 − 0.5 × 0.1/0.25 = 0.3, then 0")
    func easesBackOnRelease() {
        var k = KeyboardTilt()
        Self.hold(&k, left: true, seconds: 1)
        #expect(k.tilt.x == -0.5)
        Self.hold(&k, seconds: 0.1)
        #expect(abs(k.tilt.x - -0.3) < Self.tolerance)
        Self.hold(&k, seconds: 0.2)
        #expect(k.tilt == .zero)
    }

    @Test("Reversing eases to zero at the release rate, then ramps out: 0.45 s later −0.25")
    func reversesThroughZero() {
        var k = KeyboardTilt()
        Self.hold(&k, right: true, seconds: 1)
        // 0.25 s back to zero, then 0.2 s of ramp at 1.25 g/s.
        Self.hold(&k, left: true, seconds: 0.45)
        #expect(abs(k.tilt.x - -0.25) < Self.tolerance)
    }

    @Test("Opposite keys cancel")
    func oppositeKeysCancel() {
        var k = KeyboardTilt()
        Self.hold(&k, left: true, right: true, up: true, down: true, seconds: 1)
        #expect(k.tilt == .zero)
        Self.hold(&k, right: true, seconds: 1)
        Self.hold(&k, left: true, right: true, seconds: 0.25)
        #expect(abs(k.tilt.x) < Self.tolerance)
    }

    @Test("A diagonal is capped at 0.5 long, at 45°")
    func diagonalIsCapped() {
        var k = KeyboardTilt()
        Self.hold(&k, right: true, down: true, seconds: 1)
        #expect(abs(k.tilt.length - 0.5) < Self.tolerance)
        #expect(abs(k.tilt.x - 0.5 / 2.0.squareRoot()) < Self.tolerance)
        #expect(abs(k.tilt.y + 0.5 / 2.0.squareRoot()) < Self.tolerance)
    }

    @Test("NaN, infinite and negative dt do nothing; a long dt counts as 0.25 s (0.3125)")
    func badTimeStepsAreGuarded() {
        var k = KeyboardTilt()
        for dt in [Double.nan, .infinity, -.infinity, -1] {
            #expect(k.update(left: false, right: true, up: false, down: false, dt: dt) == .zero)
        }
        let t = k.update(left: false, right: true, up: false, down: false, dt: 10)
        #expect(abs(t.x - 0.3125) < Self.tolerance)
    }
}
