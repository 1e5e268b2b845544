extension MotionTracker {
    /// The largest departure from the bias, on every axis, that still counts as still (rad/s).
    public static let stillRate = 0.05
    /// How far the accelerometer's magnitude may stray from gravity while still (m/s²).
    public static let stillGravityTolerance = 0.5
    /// Seconds of continuous stillness before the bias is learned.
    public static let biasLearnTime = 0.5

    /// Whether this reading looks like a pad at rest.
    func isStill(_ r: GyroRates) -> Bool {
        let s = Self.stillRate
        guard abs(r.pitch - bias.pitch) < s, abs(r.yaw - bias.yaw) < s, abs(r.roll - bias.roll) < s else {
            return false
        }
        // A steady slow turn looks still to the gyro alone; being carried or shaken
        // shows up in the accelerometer's magnitude.
        return !hasAccelerometer || abs(lastAccelMagnitude - Self.standardGravity) <= Self.stillGravityTolerance
    }

    /// Adds a reading to the still window and, after `biasLearnTime`, sets the bias to its mean.
    ///
    /// `dt` is nil when the reading does not follow on from the last one (first, or a gap).
    mutating func learnBias(from r: GyroRates, dt: Double?) {
        guard isStill(r) else {
            stillWindow = StillWindow()
            return
        }
        if dt == nil { stillWindow = StillWindow() }
        stillWindow.add(r, dt: dt ?? 0)
        if stillWindow.duration >= Self.biasLearnTime {
            bias = stillWindow.mean
            biasLearned = true
        }
    }
}

/// The readings of one continuous still stretch: their sum, count and duration.
struct StillWindow: Sendable {
    var sum = GyroRates.zero
    var count = 0
    var duration = 0.0

    mutating func add(_ r: GyroRates, dt: Double) {
        sum.pitch += r.pitch
        sum.yaw += r.yaw
        sum.roll += r.roll
        count += 1
        duration += dt
    }

    var mean: GyroRates {
        let n = Double(max(count, 1))
        return GyroRates(pitch: sum.pitch / n, yaw: sum.yaw / n, roll: sum.roll / n)
    }
}
