import MarbleKit

/// A page's reading in the axes and units the `MotionTracker` takes (SDL's pad's).
///
/// The page's device frame (W3C): x to the screen's right, y to its top edge, z out of the
/// screen; lying flat screen up it reads gravity z = +9.8 (the page fixes iOS's sign). The
/// pad's: X right, Y up through its face, Z towards the player. A phone lying flat is a pad
/// lying flat, its top edge away from the player: pad (X, Y, Z) = (x, z, −y).
extension PhoneReading {
    /// Gravity in the pad's axes, m/s²: (gx, gz, −gy).
    var padAccelerometer: Vec3 { Vec3(gravity.x, gravity.z, -gravity.y) }

    /// The rotation rates in the pad's axes, rad/s: pitch about x is beta, yaw about the
    /// screen's normal is alpha, roll about the pad's Z (the phone's −y) is −gamma.
    var padGyro: GyroRates {
        let r = Double.pi / 180
        return GyroRates(pitch: rotation.beta * r, yaw: rotation.alpha * r, roll: -rotation.gamma * r)
    }
}

/// What takes a device's motion: the window's `Controls` and `marble record`'s `MotionTracker`.
protocol MotionSink {
    mutating func accelerometer(x: Double, y: Double, z: Double, timestampUS: UInt64)
    mutating func gyro(pitch: Double, yaw: Double, roll: Double, timestampUS: UInt64)
    mutating func compass(degrees: Double, timestampUS: UInt64)
}

extension Controls: MotionSink {}
extension MotionTracker: MotionSink {}

extension PhoneReading {
    /// The page's clock in whole microseconds (a clock beyond 30 years is not a clock, and must
    /// not trap).
    var timeUS: UInt64 { UInt64(min(max(time, 0), 1e15) * 1000) }

    /// Feeds this reading, stamped `timestampUS`, in the one order the window and `marble
    /// record` share: the compass first, so that while it reads the gyro's yaw does not turn
    /// the marble too; then gravity and the rates.
    func feed<S: MotionSink>(_ sink: inout S, timestampUS us: UInt64) {
        if let h = heading { sink.compass(degrees: h, timestampUS: us) }
        let a = padAccelerometer, g = padGyro
        sink.accelerometer(x: a.x, y: a.y, z: a.z, timestampUS: us)
        sink.gyro(pitch: g.pitch, yaw: g.yaw, roll: g.roll, timestampUS: us)
    }
}
