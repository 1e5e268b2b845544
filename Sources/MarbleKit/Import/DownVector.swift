/// The unit vector pointing down, in device axes, from a gravity or accelerometer reading.
///
/// Tilt is its x and y: a phone lying face up with its right edge lowered has the down
/// vector leaning towards +x, so tilt_x > 0; with its top edge lowered, tilt_y > 0.
enum DownVector {
    /// Which way a reading at rest points.
    enum Convention: Sendable {
        /// The reading points down (iOS gravity: flat face up reads z ≈ −9.81).
        case pointsDown
        /// The reading points up (Android sensors and phyphox: flat face up reads z ≈ +9.81).
        case pointsUp
    }

    /// The down vector for a reading, or nil when the reading has no direction (zero or not finite).
    static func from(_ reading: DeviceVector, _ convention: Convention) -> DeviceVector? {
        switch convention {
        case .pointsDown: return reading.unit
        case .pointsUp: return (-reading).unit
        }
    }

    /// The tilt a down vector gives: its x and y.
    static func tilt(_ down: DeviceVector) -> Vec2 { Vec2(down.x, down.y) }

    /// Down vectors at `times`, linearly interpolated between the samples of a down stream
    /// (ends held) and made unit length again.
    static func interpolate(times: [Double], downs: [DeviceVector], at queries: [Double]) -> [DeviceVector] {
        queries.map { t in
            let (lo, hi, f) = Bracket.locate(t, in: times)
            let mixed = downs[lo] + (downs[hi] - downs[lo]) * f
            // Two opposite unit vectors can blend to zero; fall back to the nearer sample.
            return mixed.unit ?? (f < 0.5 ? downs[lo] : downs[hi])
        }
    }
}

/// Where a time falls among increasing sample times.
enum Bracket {
    /// The samples either side of `t` and the fraction of the way from the first to the second;
    /// before the first sample or after the last, that sample twice (so its value is held).
    /// `times` must be non-empty and non-decreasing.
    static func locate(_ t: Double, in times: [Double]) -> (lo: Int, hi: Int, fraction: Double) {
        // The first sample later than t.
        var lo = 0, hi = times.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] > t { hi = mid } else { lo = mid + 1 }
        }
        if lo == 0 { return (0, 0, 0) }
        if lo == times.count { return (lo - 1, lo - 1, 0) }
        let a = lo - 1
        // times[a] <= t < times[lo], so the span is positive.
        return (a, lo, (t - times[a]) / (times[lo] - times[a]))
    }
}
