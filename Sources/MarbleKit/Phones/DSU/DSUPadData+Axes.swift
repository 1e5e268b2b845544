extension DSUPadData {
    /// Standard gravity, in m/s²: DSU reads the accelerometer in g.
    public static let gravity = 9.80665

    /// The accelerometer in SDL's pad axes and units (m/s², gravity included).
    ///
    /// DSU's convention (DS4Windows, Cemu, BetterJoy): flat face-up reads (0, −1, 0) g, +X
    /// when the right side is lower, +Z when the far edge is raised. SDL reads (0, +9.81, 0)
    /// flat, so SDL = −DSU × g on every axis.
    public var sdlAccelerometer: Vec3 {
        Vec3(-Double(accelerometer.x), -Double(accelerometer.y), -Double(accelerometer.z)) * Self.gravity
    }

    /// The gyro in SDL's pad axes and units: rad/s, counter-clockwise positive.
    ///
    /// DSU's yaw is positive turning clockwise seen from above, and its roll the other way from
    /// SDL's: (pitch, −yaw, −roll), in rad/s.
    public var sdlGyro: Vec3 {
        let k = Double.pi / 180
        return Vec3(Double(gyro.pitch) * k, -Double(gyro.yaw) * k, -Double(gyro.roll) * k)
    }
}
