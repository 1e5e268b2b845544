import Foundation

/// An exponential low-pass filter for timed readings: y += alpha (x − y), alpha = 1 − exp(−dt/τ).
///
/// Raw accelerometer readings hold the hand's jitter as well as gravity; the filter keeps
/// the slow part. Taking alpha from each row's own dt makes the response independent of
/// the sampling rate: after a step the output has covered exactly 1 − e^(−t/τ) of it.
struct LowPassFilter: Sendable {
    /// The time constant used for phyphox's raw accelerometer readings, in seconds.
    static let accelerometerTimeConstant = 0.1

    /// τ, in seconds.
    var timeConstant: Double

    init(timeConstant: Double = LowPassFilter.accelerometerTimeConstant) {
        self.timeConstant = timeConstant
    }

    /// The weight of a new reading that arrives `dt` seconds after the previous one.
    func alpha(dt: Double) -> Double {
        // No time passed (or a clock glitch): the output must not move, and exp would
        // give alpha ≤ 0 or NaN.
        guard dt > 0, dt.isFinite else { return 0 }
        return 1 - exp(-dt / timeConstant)
    }

    /// The filtered readings, one per input; the first output is the first reading.
    func apply(times: [Double], values: [DeviceVector]) -> [DeviceVector] {
        guard var y = values.first else { return [] }
        var out = [y]
        out.reserveCapacity(values.count)
        for i in 1..<max(1, values.count) {
            y = y + (values[i] - y) * alpha(dt: times[i] - times[i - 1])
            out.append(y)
        }
        return out
    }
}
