extension Synthesizer {
    /// One note: a sine rotated sample by sample, with two soft overtones.
    ///
    /// The phase is a unit vector (c, s) turned by the note's angle each sample: four
    /// multiplications instead of a sine, and exactly the same numbers on every run. Its
    /// length is set back to 1 after each step so rounding never drifts it.
    struct Voice: Sendable {
        var sector = -1
        var frequency = 0.0
        var c = 1.0, s = 0.0
        var dc = 1.0, ds = 0.0
        // Fade gain and its change per sample; a voice fades in or out over `crossFade` samples.
        var fade = 1.0
        var fadeStep = 0.0

        init() {}

        init(sector: Int, frequency: Double, fadeIn: Bool) {
            self.sector = sector
            self.frequency = frequency
            let w = 2 * Double.pi * frequency / Double(Synthesizer.sampleRate)
            dc = Maths.cos(w)
            ds = Maths.sin(w)
            if fadeIn {
                fade = 0
                fadeStep = 1 / Double(Synthesizer.crossFade)
            }
        }

        var isActive: Bool { frequency > 0 && (fade > 0 || fadeStep > 0) }

        mutating func beginFadeOut() {
            fadeStep = -fade / Double(Synthesizer.crossFade)
        }

        /// Renders `count` samples at a level going linearly from `level0` to `level1`, into
        /// `out` (or added to it): the note, its octave at 0.3 and its twelfth at 0.1, about
        /// −1…1. sin 2φ = 2sc and sin 3φ = s(3 − 4s²) come from the phase without more sines.
        mutating func render(into out: UnsafeMutablePointer<Double>, count: Int, from level0: Double, to level1: Double, adding: Bool) {
            var level = level0
            let step = (level1 - level0) / Double(count)
            var c = self.c, s = self.s
            let dc = self.dc, ds = self.ds
            if fadeStep == 0 {
                // Steady: the fade is a constant factor.
                let f = fade * 0.8
                for i in 0..<count {
                    let v = (s + 0.6 * s * c + 0.1 * s * (3 - 4 * s * s)) * f * level
                    out[i] = adding ? out[i] + v : v
                    let nc = c * dc - s * ds
                    s = s * dc + c * ds
                    c = nc
                    level += step
                }
            } else {
                for i in 0..<count {
                    let v = (s + 0.6 * s * c + 0.1 * s * (3 - 4 * s * s)) * fade * 0.8 * level
                    out[i] = adding ? out[i] + v : v
                    let nc = c * dc - s * ds
                    s = s * dc + c * ds
                    c = nc
                    level += step
                    fade = min(max(fade + fadeStep, 0), 1)
                }
                if fade >= 1 { fadeStep = 0 } else if fade <= 0 { fadeStep = 0; frequency = 0 }
            }
            self.c = c
            self.s = s
        }

        mutating func renormalize() {
            let r = Maths.squareRoot(c * c + s * s)
            if r > 0 { c /= r; s /= r }
        }
    }

    /// The roll: white noise from a fixed-seed generator through two low-pass poles at 150 Hz.
    struct Rumble: Sendable {
        var state: UInt32 = 0x9E37_79B9
        var a = 0.0, b = 0.0
        static let pole = 1 - Maths.exp(-2 * Double.pi * 150 / Double(Synthesizer.sampleRate))
        // Makes the twice-filtered noise about as loud as a sine of the same level.
        static let gain = 12.0

        @inline(__always)
        mutating func next() -> Double {
            // xorshift32: the same sequence on every machine.
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            let white = Double(Int32(bitPattern: state)) * (1 / 2147483648.0)
            a += (white - a) * Self.pole
            b += (a - b) * Self.pole
            return b * Self.gain
        }

        /// Adds `count` samples at a level going linearly from `level0` to `level1`.
        mutating func render(into out: UnsafeMutablePointer<Double>, count: Int, from level0: Double, to level1: Double) {
            var level = level0
            let step = (level1 - level0) / Double(count)
            for i in 0..<count {
                out[i] += next() * level
                level += step
            }
        }
    }

    /// A knock on the board's wooden edge: two damped partials, struck harder for a faster hit.
    struct Knock: Sendable {
        var low = (c: 1.0, s: 0.0, level: 0.0)
        var high = (c: 1.0, s: 0.0, level: 0.0)
        static let lowTurn = (c: Maths.cos(2 * Double.pi * 180 / 48000), s: Maths.sin(2 * Double.pi * 180 / 48000))
        static let highTurn = (c: Maths.cos(2 * Double.pi * 510 / 48000), s: Maths.sin(2 * Double.pi * 510 / 48000))
        // Per-sample decays: 45 ms and 18 ms time constants.
        static let lowDecay = Maths.exp(-1 / (48000 * 0.045))
        static let highDecay = Maths.exp(-1 / (48000 * 0.018))
        /// Impacts slower than this (px/s) are not heard: a ball resting on a wall jitters.
        static let threshold = 20.0
        /// The loudest knock, at `hardHit` px/s and above.
        static let maxLevel = 0.5
        static let hardHit = 700.0

        var isSilent: Bool { low.level < Synthesizer.floor && high.level < Synthesizer.floor }

        mutating func strike(speed: Double) {
            guard speed > Self.threshold else { return }
            let level = Self.maxLevel * Maths.pow(min(1, speed / Self.hardHit), 0.7)
            // A strike restarts the partials from their peak (sine phase 0 is silent; start at
            // the crest so the attack is immediate).
            low = (c: 0, s: 1, level: max(low.level, level))
            high = (c: 0, s: 1, level: max(high.level, level * 0.5))
        }

        @inline(__always)
        mutating func next() -> Double {
            let v = low.s * low.level + high.s * high.level
            let lc = low.c * Self.lowTurn.c - low.s * Self.lowTurn.s
            low.s = low.s * Self.lowTurn.c + low.c * Self.lowTurn.s
            low.c = lc
            let hc = high.c * Self.highTurn.c - high.s * Self.highTurn.s
            high.s = high.s * Self.highTurn.c + high.c * Self.highTurn.s
            high.c = hc
            low.level *= Self.lowDecay
            high.level *= Self.highDecay
            if low.level < Synthesizer.floor { low.level = 0 }
            if high.level < Synthesizer.floor { high.level = 0 }
            return v
        }

        /// Adds `count` samples of the knock.
        mutating func render(into out: UnsafeMutablePointer<Double>, count: Int) {
            for i in 0..<count { out[i] += next() }
        }
    }
}
