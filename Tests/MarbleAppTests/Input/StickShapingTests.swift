import Foundation
import MarbleKit
import Testing
@testable import MarbleApp

/// Stick shaping, turn rates and options: closed forms, tolerance 1e-12 (a few roundings).
@Suite("Stick shaping and turning")
struct StickShapingTests {
    static let tolerance = 1e-12

    @Test("Inside or on the dead zone's edge gives zero")
    func deadZone() {
        #expect(StickShaping.tilt(x: 0.1, y: 0.1) == .zero)  // m ≈ 0.141
        #expect(StickShaping.tilt(x: 0, y: 0.15) == .zero)
        #expect(StickShaping.tilt(x: 0, y: 0) == .zero)
    }

    @Test("Full up (SDL y = −1) tilts to the top: (0, 1)")
    func upIsPositive() {
        #expect(StickShaping.tilt(x: 0, y: -1) == Vec2(0, 1))
        #expect(StickShaping.tilt(x: 0, y: 1) == Vec2(0, -1))
    }

    @Test("m = 0.575 along x gives ((0.575 − 0.15)/0.85)^1.6 = 0.5^1.6")
    func responseCurve() {
        let t = StickShaping.tilt(x: 0.575, y: 0)
        #expect(abs(t.x - pow(0.5, 1.6)) < Self.tolerance)
        #expect(t.y == 0)
    }

    @Test("Diagonals keep their direction; beyond full deflection the length is 1")
    func directionPreserved() {
        let half = StickShaping.tilt(x: 0.3, y: -0.4)  // m = 0.5, direction (0.6, 0.8) after the y flip
        let m = pow(0.35 / 0.85, 1.6)
        #expect(abs(half.x - 0.6 * m) < Self.tolerance)
        #expect(abs(half.y - 0.8 * m) < Self.tolerance)
        let corner = StickShaping.tilt(x: 1, y: 1)
        #expect(abs(corner.length - 1) < Self.tolerance)
        #expect(abs(corner.x + corner.y) < Self.tolerance)
    }

    @Test("NaN or infinite axes give zero")
    func nonFinite() {
        #expect(StickShaping.tilt(x: .nan, y: 0) == .zero)
        #expect(StickShaping.tilt(x: 0.5, y: .infinity) == .zero)
    }

    @Test("SDL's Int16 axis maps −32768 → −1, 0 → 0, 32767 → 1")
    func axisMapping() {
        #expect(StickShaping.axis(-32768) == -1)
        #expect(StickShaping.axis(32767) == 1)
        #expect(StickShaping.axis(0) == 0)
        #expect(StickShaping.axis(-32767) == -1)
    }

    @Test("Turn rates: ±120°/s for buttons, shaped stick x, capped at 120°/s")
    func turnRates() {
        #expect(HeadingTurn.rate(counterClockwise: true, clockwise: false) == -120)
        #expect(HeadingTurn.rate(counterClockwise: false, clockwise: true) == 120)
        #expect(HeadingTurn.rate(counterClockwise: true, clockwise: true) == 0)
        #expect(HeadingTurn.rate(counterClockwise: false, clockwise: false, stickX: 0.1) == 0)
        #expect(abs(HeadingTurn.rate(counterClockwise: false, clockwise: false, stickX: -0.575)
            + 120 * pow(0.5, 1.6)) < 1e-9)
        #expect(HeadingTurn.rate(counterClockwise: false, clockwise: true, stickX: 1) == 120)
    }

    @Test("Sensitivity is clamped to 0.25…4; NaN gives 1")
    func sensitivityClamp() {
        #expect(ControlOptions.clamped(10) == 4)
        #expect(ControlOptions.clamped(0.1) == 0.25)
        #expect(ControlOptions.clamped(.nan) == 1)
        var o = ControlOptions.default
        o.sensitivity = 100
        #expect(o.sensitivity == 4)
        #expect(ControlOptions(sensitivity: 0).sensitivity == 0.25)
    }
}
