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
