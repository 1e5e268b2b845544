import Foundation
import MarbleKit
import SeededRandom

/// A seeded, smooth, wandering sensor log: what an hour of someone tilting the board might give.
///
/// Tilt on each axis is a sum of three sines (periods of about 30 s, 10 s and 3 s, random
/// phases) plus slow noise, scaled back to at most 1 g. The heading drifts round the circle at
/// a wandering rate. About once every 20 s the pen lifts for a second.
///
/// A log of several marbles gives marble k (0-based) the walk of seed `seed + k`, all on the
/// same times: its marble 1 is the one-marble log of the same seed.
enum SyntheticLog {
    /// One marble's walk, or `marbles` walks side by side (1 to 4).
    static func make(seconds: Int, rate: Int, seed: UInt64, marbles: Int = 1) -> MarbleLog {
        MarbleLog(
            metadata: [.init("source", "marble-bench synthetic log"), .init("seed", "\(seed)")],
            marbles: (0..<max(marbles, 1)).map { samples(seconds: seconds, rate: rate, seed: seed &+ UInt64($0)) })
    }

    /// The samples of one marble's walk, `seconds · rate + 1` of them.
    static func samples(seconds: Int, rate: Int, seed: UInt64) -> [Sample] {
        var rng = SplitMix64(seed: seed)
        let dt = 1 / Double(rate)
        let periods: [ClosedRange<Double>] = [20...40, 7...15, 2...5]
        let amplitudes = [0.2, 0.2, 0.12]
        // (amplitude, angular frequency, phase) for x, then for y.
        let waves = (0..<2).map { _ in
            zip(periods, amplitudes).map { period, amp in
                (amp: amp, omega: 2 * Double.pi / rng.uniform(period.lowerBound, period.upperBound),
                 phase: rng.uniform(0, 2 * .pi))
            }
        }
        let headingPhase = rng.uniform(0, 2 * .pi)
        // Slow noise: an Ornstein–Uhlenbeck process per axis, time constant 2 s, spread about 0.1 g.
        let tau = 2.0, spread = 0.1
        var noise = (x: 0.0, y: 0.0)
        var heading = rng.uniform(0, 360)
        var penUpUntil = -1
        var samples: [Sample] = []
        samples.reserveCapacity(seconds * rate + 1)

        for k in 0...(seconds * rate) {
            let t = Double(k) / Double(rate)
            func kick() -> Double { (rng.unit() * 2 - 1) * 3.0.squareRoot() * spread * (2 * dt / tau).squareRoot() }
            noise.x += -noise.x * dt / tau + kick()
            noise.y += -noise.y * dt / tau + kick()
            var x = noise.x, y = noise.y
            for w in waves[0] { x += w.amp * sin(w.omega * t + w.phase) }
            for w in waves[1] { y += w.amp * sin(w.omega * t + w.phase) }
            let len = (x * x + y * y).squareRoot()
            if len > 1 { x /= len; y /= len }
            // 15 ± 25 degrees per second, changing over a minute: mostly forwards, now and then back.
            heading += (15 + 25 * sin(2 * .pi * t / 60 + headingPhase)) * dt
            heading = heading.truncatingRemainder(dividingBy: 360)
            if heading < 0 { heading += 360 }
            if k % rate == 0, k > 0, rng.unit() < 0.05 { penUpUntil = k + rate }
            samples.append(Sample(t: t, tilt: Vec2(x, y), heading: heading, penDown: k >= penUpUntil))
        }
        return samples
    }
}
