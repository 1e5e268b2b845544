/// The toy's sound: a deterministic function of the drawing's physics steps.
///
/// Each 1/240 s step gives exactly `framesPerStep` (200) stereo frames at 48 kHz, 16-bit.
/// While the pen is down and the ball moves, a soft tone plays the hue's note (see
/// `SoundScale`), louder the faster the ball rolls; a change of sector is a new note,
/// cross-faded over 10 ms so it never clicks. Rolling, pen up or down, makes a quiet rumble
/// of low-passed noise; a wall struck makes a short wooden knock, louder the harder the hit.
/// Everything is panned by the ball's x with equal power. The same steps give the same samples,
/// bit for bit: the noise is a fixed-seed generator, and nothing depends on the clock.
///
/// Rendering never allocates or locks, so it can run on an audio path.
public struct Synthesizer: Sendable {
    public static let sampleRate = 48_000
    public static let stepsPerSecond = SessionConfiguration.stepsPerSecond
    /// Stereo frames per physics step: 48,000 / 240.
    public static let framesPerStep = sampleRate / stepsPerSecond

    /// The scale the hue is heard in.
    public var scale: SoundScale

    // The note playing, and the one fading out after a change of sector.
    var voice = Voice()
    var fading = Voice()
    // Levels now (linear amplitude), smoothed towards each step's target.
    var toneLevel = 0.0
    var rumbleLevel = 0.0
    var pan = 0.5
    // The gains of `pan`: the last step's end is the next one's start, so each step works out
    // one pair, not two.
    var panGains = Synthesizer.gains(0.5)
    var rumble = Rumble()
    var knock = Knock()

    public init(scale: SoundScale = .newton) {
        self.scale = scale
    }

    /// A synthesizer whose rumble comes from another fixed seed: marble 2's, 3's or 4's, so
    /// their rolls are not one noise twice as loud.
    init(scale: SoundScale, noiseSeed: UInt32) {
        self.scale = scale
        rumble.state = noiseSeed
    }

    /// Marble `k`'s rumble seed (k ≥ 2; any nonzero xorshift32 states, marble 2's as it always was).
    static func noiseSeed(marble k: Int) -> UInt32 {
        [0x85EB_CA6B, 0xC2B2_AE35, 0x27D4_EB2F][min(max(k - 2, 0), 2)]
    }

    // MARK: - Tuning

    /// The tone's level at `fullSpeed` and above (about −11 dBFS before the timbre's peaks).
    static let toneMax = 0.28
    /// The rumble's level at `fullSpeed`.
    static let rumbleMax = 0.05
    /// The speed (px/s) at which tone and rumble are loudest.
    static let fullSpeed = 800.0
    /// Loudness grows as speed^0.75: a ball 4× faster is 2.8× (9 dB) louder.
    static let loudnessExponent = 0.75
    /// Seconds for a level to move 63% of the way to its target.
    static let attack = 0.02, release = 0.035
    /// Below this a level is silence.
    static let floor = 1e-5
    /// Samples over which a note change cross-fades (10 ms).
    static let crossFade = 480

    /// The tone's target level for a step.
    static func toneTarget(_ s: SoundVoice) -> Double {
        guard s.penDown, s.speed > 0, s.speed.isFinite else { return 0 }
        return toneMax * Maths.pow(min(1, s.speed / fullSpeed), loudnessExponent)
    }

    static func rumbleTarget(_ s: SoundVoice) -> Double {
        guard s.speed > 0, s.speed.isFinite else { return 0 }
        return rumbleMax * Maths.pow(min(1, s.speed / fullSpeed), 0.8)
    }

    /// A level moved one step towards its target, snapping to silence at the floor.
    static func approach(_ level: Double, _ target: Double) -> Double {
        let tau = target > level ? attack : release
        let next = target + (level - target) * stepDecay(tau)
        return target == 0 && next < floor ? 0 : next
    }

    static func stepDecay(_ tau: Double) -> Double { Maths.exp(-1 / (Double(stepsPerSecond) * tau)) }

    // MARK: - Rendering

    /// Renders one step's `framesPerStep` stereo frames into `out` (left, right, left, …).
    ///
    /// - Parameter out: room for `2 * framesPerStep` samples.
    public mutating func render(_ step: SoundVoice, into out: UnsafeMutablePointer<Int16>) {
        let n = Self.framesPerStep
        let toneTo = Self.approach(toneLevel, Self.toneTarget(step))
        let rumbleTo = Self.approach(rumbleLevel, Self.rumbleTarget(step))
        let panTo = step.pan.isFinite ? min(max(step.pan, 0), 1) : 0.5
        if step.impact.isFinite { knock.strike(speed: step.impact) }

        let sector = scale.sector(hue: step.hue)
        if sector != voice.sector || voice.frequency == 0 {
            let f = scale.frequency(sector: sector)
            if toneLevel == 0 && toneTo == 0 || voice.frequency == 0 {
                voice = Voice(sector: sector, frequency: f, fadeIn: false)
            } else if voice.frequency != f {
                // A new note: the old one fades out while the new one fades in.
                fading = voice
                fading.beginFadeOut()
                voice = Voice(sector: sector, frequency: f, fadeIn: true)
            }
        }

        let silent = toneLevel == 0 && toneTo == 0 && rumbleLevel == 0 && rumbleTo == 0 && knock.isSilent
        if silent {
            out.update(repeating: 0, count: 2 * n)
            fading = Voice()
            if pan != panTo { panGains = Self.gains(panTo) }
            pan = panTo
            return
        }

        let (l0, r0) = panGains, (l1, r1) = Self.gains(panTo)
        let inv = 1 / Double(n)
        // The mix is built in passes over a mono buffer on the stack, each a tight loop with no
        // branches inside: the tone, the roll, the knock, then pan and 16-bit conversion.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { mono in
            let m = mono.baseAddress!
            if toneLevel > 0 || toneTo > 0 {
                voice.render(into: m, count: n, from: toneLevel, to: toneTo, adding: false)
                if fading.isActive { fading.render(into: m, count: n, from: toneLevel, to: toneTo, adding: true) }
            } else {
                m.update(repeating: 0, count: n)
            }
            if rumbleLevel > 0 || rumbleTo > 0 {
                rumble.render(into: m, count: n, from: rumbleLevel, to: rumbleTo)
            }
            if !knock.isSilent { knock.render(into: m, count: n) }
            var gl = l0, gr = r0
            let lStep = (l1 - l0) * inv, rStep = (r1 - r0) * inv
            for i in 0..<n {
                let v = m[i]
                out[2 * i] = Self.pcm(v * gl)
                out[2 * i + 1] = Self.pcm(v * gr)
                gl += lStep
                gr += rStep
            }
        }
        voice.renormalize()
        fading.renormalize()
        toneLevel = toneTo
        rumbleLevel = rumbleTo
        pan = panTo
        panGains = (l1, r1)
    }

    /// Equal-power gains for a pan in 0…1: (cos θ, sin θ), θ = pan·π/2.
    static func gains(_ pan: Double) -> (Double, Double) {
        let (sine, cosine) = Maths.sinCos(pan * Double.pi / 2)
        return (cosine, sine)
    }

    /// A sample in −1…1 as 16-bit PCM, clipped, rounded to nearest (ties to even).
    @inline(__always)
    static func pcm(_ x: Double) -> Int16 {
        // Clipped first, so the conversion can never trap. Rounded by adding 1.5·2⁵² (IEEE's
        // ties-to-even does it; see `Maths.roundEven`), without its care for a zero's sign,
        // which an Int16 has not: two additions a sample.
        let c = (min(max(x, -1), 1) * 32767 + 0x1.8p52) - 0x1.8p52
        return Int16(truncatingIfNeeded: Int32(truncatingIfNeeded: Int64(c)))
    }
}
