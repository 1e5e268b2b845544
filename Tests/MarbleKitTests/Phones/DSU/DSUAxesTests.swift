import MarbleKit
import Testing

/// DSU's axes (DS4Windows, Cemu) in SDL's: each case of the convention, exactly (the
/// readings are f32, so 1e-9 absorbs only the conversion's own rounding).
@Suite("DSU axes")
struct DSUAxesTests {
    static func reading(accel: (Float, Float, Float) = (0, -1, 0), gyro: (Float, Float, Float) = (0, 0, 0)) -> DSUPadData {
        DSUPadData(timestampUS: 0, accelerometer: (accel.0, accel.1, accel.2), gyro: (gyro.0, gyro.1, gyro.2))
    }

    static func close(_ a: Vec3, _ b: Vec3, _ tol: Double = 1e-9) -> Bool {
        abs(a.x - b.x) < tol && abs(a.y - b.y) < tol && abs(a.z - b.z) < tol
    }

    @Test("Flat face-up, (0, −1, 0) g, is SDL's (0, +9.80665, 0)")
    func flat() {
        #expect(Self.close(Self.reading().sdlAccelerometer, Vec3(0, 9.80665, 0)))
    }

    @Test("Right side lower (+X in DSU) leans SDL's up vector to −X: the ball rolls right")
    func rightSideLower() {
        let a = Self.reading(accel: (0.5, -0.866, 0)).sdlAccelerometer
        #expect(a.x < 0)
        var tracker = MotionTrackerProbe()
        #expect(tracker.tilt(accel: a).x > 0.49)
    }

    @Test("Far edge raised (+Z in DSU) leans SDL's up vector to −Z: the ball rolls towards the player")
    func farEdgeRaised() {
        let a = Self.reading(accel: (0, -0.866, 0.5)).sdlAccelerometer
        #expect(a.z < 0)
        var tracker = MotionTrackerProbe()
        #expect(tracker.tilt(accel: a).y < -0.49)
    }

    @Test("Gyro: pitch kept, yaw and roll negated, degrees to radians")
    func gyro() {
        let g = Self.reading(gyro: (90, 180, -45)).sdlGyro
        #expect(Self.close(g, Vec3(.pi / 2, -.pi, .pi / 4), 1e-6))
        // Yaw clockwise seen from above (DSU +) is SDL's clockwise, negative yaw.
        #expect(Self.reading(gyro: (0, 30, 0)).sdlGyro.y < 0)
    }
}

/// The tilt MarbleApp's tracker would read, restated for the axis tests (MarbleKit cannot see
/// MarbleApp): tilt = (−ĝ·x, ĝ·z) in the flat neutral frame.
struct MotionTrackerProbe {
    mutating func tilt(accel: Vec3) -> Vec2 {
        guard let g = accel.normalized else { return Vec2(0, 0) }
        return Vec2(-g.x, g.z)
    }
}
