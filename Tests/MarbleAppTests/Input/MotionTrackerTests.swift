import Foundation
import MarbleKit
import Testing
@testable import MarbleApp

/// Pad motion: gravity → tilt (closed form sin θ) and gyro yaw → heading.
///
/// Tolerances: 1e-12 where a value is a handful of roundings; 1e-6 after 2 s of 1 kHz
/// filtering, where the filter's residue e^(−2/0.08) ≈ 1.4e-11 is far smaller.
@Suite("Motion tracker")
struct MotionTrackerTests {
    static let g = 9.81
    static let degrees = Double.pi / 180

    /// The accelerometer reading for the pad rolled right side down by `roll` and its far
    /// edge lowered by `pitch` (radians).
    static func reading(roll: Double = 0, pitch: Double = 0) -> Vec3 {
        Vec3(-g * sin(roll) * cos(pitch), g * cos(roll) * cos(pitch), g * sin(pitch))
    }

    /// Feeds `reading` at 1 kHz for `seconds`, starting at `start` µs; returns the next timestamp.
    @discardableResult
    static func feed(_ m: inout MotionTracker, _ r: Vec3, seconds: Double = 2, from start: UInt64 = 0) -> UInt64 {
        let n = UInt64((seconds * 1000).rounded())
        for i in 0..<n { m.accelerometer(x: r.x, y: r.y, z: r.z, timestampUS: start + i * 1000) }
        return start + n * 1000
    }

    /// Feeds gyro readings for timestamps start, start + 1 ms, … (count of them).
    @discardableResult
    static func spin(_ m: inout MotionTracker, pitch: Double = 0, yaw: Double, roll: Double = 0,
                     count: Int, from start: UInt64 = 0) -> UInt64 {
        for i in 0..<UInt64(count) { m.gyro(pitch: pitch, yaw: yaw, roll: roll, timestampUS: start + i * 1000) }
        return start + UInt64(count) * 1000
    }

    @Test("No readings and flat readings give zero tilt")
    func flat() {
        var m = MotionTracker()
        #expect(m.tilt == .zero)
        #expect(!m.hasAccelerometer)
        Self.feed(&m, Self.reading())
        #expect(m.hasAccelerometer)
        #expect(m.tilt == .zero)
    }

    @Test("Rolling right side down by 30° settles to tilt.x = sin 30° = 0.5")
    func rollRight() {
        var m = MotionTracker()
        let t = Self.feed(&m, Self.reading(), seconds: 0.1)
        Self.feed(&m, Self.reading(roll: 30 * Self.degrees), from: t)
        #expect(abs(m.tilt.x - 0.5) < 1e-6)
        #expect(abs(m.tilt.y) < 1e-6)
    }

    @Test("Lowering the far edge by 20° gives tilt.y = sin 20°")
    func farEdgeDown() {
        var m = MotionTracker()
        let t = Self.feed(&m, Self.reading(), seconds: 0.1)
        Self.feed(&m, Self.reading(pitch: 20 * Self.degrees), from: t)
        #expect(abs(m.tilt.y - sin(20 * Self.degrees)) < 1e-6)
        #expect(abs(m.tilt.x) < 1e-6)
    }

    @Test("One 10 ms step from flat to rolled moves gravity 1 − e^(−0.01/0.08) of the way")
    func lowPassFraction() {
        var m = MotionTracker()
        let flat = Self.reading(), rolled = Self.reading(roll: 40 * Self.degrees)
        m.accelerometer(x: flat.x, y: flat.y, z: flat.z, timestampUS: 5_000)
        #expect(m.gravity == flat)
        m.accelerometer(x: rolled.x, y: rolled.y, z: rolled.z, timestampUS: 15_000)
        let f = 1 - exp(-0.01 / 0.08)
        #expect(abs(m.gravity.x - (flat.x + (rolled.x - flat.x) * f)) < 1e-12)
        #expect(abs(m.gravity.y - (flat.y + (rolled.y - flat.y) * f)) < 1e-12)
        // A repeated timestamp carries no time: the filter must not move.
        let before = m.gravity
        m.accelerometer(x: 0, y: 0, z: Self.g, timestampUS: 15_000)
        #expect(m.gravity == before)
    }

    @Test("setNeutral at a 25° roll gives zero tilt; rolling 10° further gives sin 10°")
    func neutral() {
        var m = MotionTracker()
        Self.feed(&m, Self.reading(roll: 25 * Self.degrees), seconds: 0.01)
        m.setNeutral()
        #expect(m.tilt.length < 1e-12)
        Self.feed(&m, Self.reading(roll: 35 * Self.degrees), from: 10_000)
        #expect(abs(m.tilt.x - sin(10 * Self.degrees)) < 1e-6)
        #expect(abs(m.tilt.y) < 1e-6)
    }

    @Test("A neutral along X (pad on its side) still gives a finite frame")
    func neutralOnSide() {
        var m = MotionTracker()
        m.setNeutral(up: Vec3(1, 0, 0))
        m.accelerometer(x: Self.g, y: 0, z: 0, timestampUS: 0)
        #expect(m.tilt.isFinite)
        #expect(m.tilt.length < 1e-12)
        m.setNeutral(up: .zero)
        #expect(m.neutral == Vec3(1, 0, 0))
    }

    @Test("Constant CCW yaw 0.5 rad/s for 1 s lowers the heading by 0.5·180/π degrees")
    func yawIntegration() {
        var m = MotionTracker()
        Self.spin(&m, yaw: 0.5, count: 1001)  // 1000 intervals of 1 ms
        let turned = -0.5 * 180 / .pi
        #expect(abs(m.turned - turned) < 1e-9)
        #expect(m.hasGyro)
        #expect(!m.biasLearned)
    }

    @Test("A 2 s gap between gyro readings is not integrated, and the clock carries on after it")
    func gapSkipped() {
        var m = MotionTracker()
        Self.spin(&m, yaw: -1, count: 2)  // one 1 ms interval
        Self.spin(&m, yaw: -1, count: 2, from: 2_001_000)  // 2 s later: one more 1 ms interval
        #expect(abs(m.turned - 2 * 0.001 * 180 / .pi) < 1e-12)
    }

    @Test("1 s still with bias (0.01, 0.02, −0.01) learns it; the next second does not drift")
    func biasLearning() {
        var m = MotionTracker()
        var t = Self.spin(&m, pitch: 0.01, yaw: 0.02, roll: -0.01, count: 400)
        #expect(!m.biasLearned)
        t = Self.spin(&m, pitch: 0.01, yaw: 0.02, roll: -0.01, count: 601, from: t)
        #expect(m.biasLearned)
        #expect(abs(m.bias.pitch - 0.01) < 1e-9)
        #expect(abs(m.bias.yaw - 0.02) < 1e-9)
        #expect(abs(m.bias.roll + 0.01) < 1e-9)
        let before = m.turned
        Self.spin(&m, pitch: 0.01, yaw: 0.02, roll: -0.01, count: 1000, from: t)
        #expect(abs(m.turned - before) < 1e-6)
    }

    @Test("Motion restarts the still window; a shaken accelerometer is not still")
    func stillnessNeedsQuiet() {
        var m = MotionTracker()
        var t = Self.spin(&m, yaw: 0.02, count: 400)
        t = Self.spin(&m, yaw: 0.2, count: 1, from: t)
        Self.spin(&m, yaw: 0.02, count: 400, from: t)
        #expect(!m.biasLearned)

        var shaken = MotionTracker()
        shaken.accelerometer(x: 0, y: 12, z: 0, timestampUS: 0)
        Self.spin(&shaken, yaw: 0.02, count: 1001)
        #expect(!shaken.biasLearned)
        #expect(shaken.bias == .zero)
    }

    @Test("NaN and infinite readings are ignored")
    func nonFinite() {
        var m = MotionTracker()
        m.accelerometer(x: .nan, y: 9.81, z: 0, timestampUS: 0)
        m.gyro(pitch: 0, yaw: .infinity, roll: 0, timestampUS: 0)
        #expect(!m.hasAccelerometer)
        #expect(!m.hasGyro)
        Self.feed(&m, Self.reading(), seconds: 0.01)
        Self.spin(&m, yaw: 0.5, count: 2)
        m.accelerometer(x: .nan, y: 0, z: 0, timestampUS: 20_000)
        m.gyro(pitch: .nan, yaw: 0, roll: 0, timestampUS: 2_000)
        #expect(m.tilt == .zero)
        #expect(abs(m.turned + 0.0005 * 180 / .pi) < 1e-12)
    }
}
