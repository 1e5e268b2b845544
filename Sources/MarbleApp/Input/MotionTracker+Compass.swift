import MarbleKit

extension MotionTracker {
    /// The longest gap between compass readings that still turns by their difference, in
    /// seconds; it is also how long after the last compass reading the gyro's yaw stays unused.
    public static let maxCompassGap = 0.5

    /// Feeds a compass heading (degrees clockwise from north, of the device's top edge): the
    /// marble turns by the unwrapped difference from the last one, taking over from the gyro's
    /// yaw while compass readings come.
    ///
    /// The first reading (or one after a gap of more than `maxCompassGap`) only sets where the
    /// next is measured from: the gyro turned meanwhile. NaN or infinite is ignored.
    public mutating func compass(degrees: Double, timestampUS: UInt64) {
        guard degrees.isFinite else { return }
        if let last = lastCompass, timestampUS >= last.timestampUS,
           Double(timestampUS - last.timestampUS) / 1e6 <= Self.maxCompassGap {
            // The shorter way round: 350° to 10° is 20° clockwise, not 340° back.
            var d = (degrees - last.degrees).truncatingRemainder(dividingBy: 360)
            if d > 180 { d -= 360 } else if d <= -180 { d += 360 }
            turned += d
        }
        lastCompass = (degrees, timestampUS)
    }

    /// Whether a compass reading came within `maxCompassGap` before `timestampUS`.
    func compassFollowed(at timestampUS: UInt64) -> Bool {
        guard let last = lastCompass else { return false }
        return timestampUS >= last.timestampUS ? Double(timestampUS - last.timestampUS) / 1e6 <= Self.maxCompassGap : true
    }
}
