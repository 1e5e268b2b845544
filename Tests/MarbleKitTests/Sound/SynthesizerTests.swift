import Foundation
import Testing
@testable import MarbleKit

/// The synthesizer: pitch per sector (Goertzel), loudness, pan, silence, knock, determinism.
///
/// Pitch is checked by comparing the Goertzel power at the expected note with the power a
/// quarter-tone either side: the note must be at least 20× stronger.
@Suite("Synthesizer")
struct SynthesizerTests {
    /// Renders `steps` identical steps; returns interleaved stereo samples.
    static func render(_ synth: inout Synthesizer, _ step: SoundVoice, steps: Int) -> [Int16] {
        var out = [Int16](repeating: 0, count: steps * 2 * Synthesizer.framesPerStep)
        out.withUnsafeMutableBufferPointer { buf in
            for k in 0..<steps { synth.render(step, into: buf.baseAddress! + k * 2 * Synthesizer.framesPerStep) }
        }
        return out
    }

    static func channel(_ s: [Int16], _ c: Int) -> [Double] {
        stride(from: c, to: s.count, by: 2).map { Double(s[$0]) / 32768 }
    }

    static func rms(_ x: ArraySlice<Double>) -> Double {
        x.isEmpty ? 0 : (x.reduce(0) { $0 + $1 * $1 } / Double(x.count)).squareRoot()
    }

    /// Goertzel power of frequency `f` in `x` at 48 kHz.
    static func power(_ x: [Double], _ f: Double) -> Double {
        let w = 2 * Double.pi * f / 48000, k = 2 * cos(w)
        var s1 = 0.0, s2 = 0.0
        for v in x { let s0 = v + k * s1 - s2; s2 = s1; s1 = s0 }
        return s1 * s1 + s2 * s2 - k * s1 * s2
    }

    static func moving(hue: Double, speed: Double = 400, pan: Double = 0.5, pen: Bool = true) -> SoundVoice {
        SoundVoice(pan: pan, speed: speed, penDown: pen, hue: hue)
    }

    @Test("Newton: each of the seven sectors plays its note of C major", arguments: Array(0..<7))
    func newtonPitch(k: Int) {
        var synth = Synthesizer(scale: .newton)
        let hue = Double(k) * 360 / 7
        let x = Array(Self.channel(Self.render(&synth, Self.moving(hue: hue), steps: 120), 0)[9600...])
        let f = SoundScale.newtonNotes[k]
        let p = Self.power(x, f)
        #expect(p > 20 * Self.power(x, f * pow(2, 1.0 / 24)))
        #expect(p > 20 * Self.power(x, f / pow(2, 1.0 / 24)))
    }

    @Test("Pridmore: each of the twelve sectors plays G#3·2^(k/12)", arguments: Array(0..<12))
    func pridmorePitch(k: Int) {
        var synth = Synthesizer(scale: .pridmore)
        let x = Array(Self.channel(Self.render(&synth, Self.moving(hue: Double(k) * 30 + 14), steps: 120), 0)[9600...])
        let f = 207.65 * pow(2, Double(k) / 12)
        let p = Self.power(x, f)
        #expect(p > 20 * Self.power(x, f * pow(2, 1.0 / 24)))
        #expect(p > 20 * Self.power(x, f / pow(2, 1.0 / 24)))
    }

    @Test("Sector edges: newton 334.3° is still red (C), 25.8° is orange (D); pridmore 15° is k = 1")
    func sectors() {
        #expect(SoundScale.newton.sector(hue: 0) == 0)
        #expect(SoundScale.newton.sector(hue: 360 - 360 / 14 + 0.01) == 0)
        #expect(SoundScale.newton.sector(hue: 360 / 14 - 0.01) == 0)
        #expect(SoundScale.newton.sector(hue: 360 / 14 + 0.01) == 1)
        #expect(SoundScale.newton.sector(hue: 240) == 5)
        #expect(SoundScale.newton.sector(hue: -10) == 0)
        #expect(SoundScale.newton.sector(hue: -30) == 6, "330° is violet")
        #expect(SoundScale.pridmore.sector(hue: 14.99) == 0)
        #expect(SoundScale.pridmore.sector(hue: 15) == 1)
        #expect(SoundScale.pridmore.sector(hue: 350) == 0)
        #expect(SoundScale.pridmore.sector(hue: .nan) == 0)
    }

    @Test("At rest it is silent; 0.3 s after stopping it is below −60 dBFS")
    func silence() {
        var synth = Synthesizer()
        #expect(Self.render(&synth, .rest, steps: 24).allSatisfy { $0 == 0 })
        _ = Self.render(&synth, Self.moving(hue: 0, speed: 1200), steps: 240)
        let after = Self.channel(Self.render(&synth, Self.moving(hue: 0, speed: 0), steps: 96), 0)
        let tail = after[(72 * 200)...]          // from 0.3 s on
        #expect(tail.map(abs).max()! < 0.001, "−60 dBFS is 0.001")
        let later = Self.render(&synth, Self.moving(hue: 0, speed: 0), steps: 24)
        #expect(later.allSatisfy { $0 == 0 }, "and then exactly silent")
    }

    @Test("A ball 4× faster is clearly louder (at least 6 dB)")
    func loudness() {
        var slow = Synthesizer(), fast = Synthesizer()
        let a = Self.channel(Self.render(&slow, Self.moving(hue: 100, speed: 100), steps: 120), 0)
        let b = Self.channel(Self.render(&fast, Self.moving(hue: 100, speed: 400), steps: 120), 0)
        let ratio = Self.rms(b[9600...]) / Self.rms(a[9600...])
        #expect(20 * log10(ratio) >= 6)
    }

    @Test("Equal-power pan: left edge only left, right edge only right, middle equal")
    func pan() {
        for (p, check) in [(0.0, "left"), (1.0, "right"), (0.5, "middle")] {
            var synth = Synthesizer()
            let s = Self.render(&synth, Self.moving(hue: 200, pan: p), steps: 60)
            let l = Self.rms(Self.channel(s, 0)[4800...]), r = Self.rms(Self.channel(s, 1)[4800...])
            switch check {
            case "left": #expect(r < 1e-4 && l > 0.05)
            case "right": #expect(l < 1e-4 && r > 0.05)
            default: #expect(abs(l - r) < 1e-3 && abs(l * l + r * r - 2 * l * l) < 1e-6)
            }
        }
    }

    @Test("Pen up: no note, only the quiet roll")
    func penUp() {
        var synth = Synthesizer()
        let x = Array(Self.channel(Self.render(&synth, Self.moving(hue: 0, speed: 600, pen: false), steps: 120), 0)[9600...])
        var down = Synthesizer()
        let y = Array(Self.channel(Self.render(&down, Self.moving(hue: 0, speed: 600), steps: 120), 0)[9600...])
        let c4 = SoundScale.newtonNotes[0]
        #expect(Self.power(y, c4) > 1000 * Self.power(x, c4))
        #expect(Self.rms(x[...]) > 0.002, "the roll is heard")
        #expect(Self.rms(x[...]) < Self.rms(y[...]) / 3, "and it is quiet")
    }

    @Test("A knock is well above the roll, and a harder hit is louder")
    func knock() {
        func peak(impact: Double) -> (knock: Double, roll: Double) {
            var synth = Synthesizer()
            var step = Self.moving(hue: 0, speed: 300, pen: false)
            _ = Self.render(&synth, step, steps: 48)
            let roll = Self.channel(Self.render(&synth, step, steps: 4), 0).map(abs).max()!
            step.impact = impact
            let hit = Self.render(&synth, step, steps: 1)
            step.impact = 0
            let rest = Self.render(&synth, step, steps: 8)
            return ((Self.channel(hit, 0) + Self.channel(rest, 0)).map(abs).max()!, roll)
        }
        let soft = peak(impact: 100), hard = peak(impact: 600)
        #expect(hard.knock > 4 * hard.roll)
        #expect(hard.knock > 1.5 * soft.knock)
        #expect(peak(impact: 10).knock == peak(impact: 0).knock, "a resting ball's jitter makes no knock")
    }

    @Test("A change of note never clicks: no jump between samples bigger than the tone's own slope")
    func crossFade() {
        var synth = Synthesizer()
        var s = Self.render(&synth, Self.moving(hue: 0, speed: 800), steps: 60)
        s += Self.render(&synth, Self.moving(hue: 180, speed: 800), steps: 60)
        let x = Self.channel(s, 0)
        let biggest = zip(x, x.dropFirst()).map { abs($1 - $0) }.max()!
        // The loudest tone (0.28 × 1.2 at 493.88 Hz × 3) moves at most about 2π·1482/48000·0.34 per sample.
        #expect(biggest < 0.08)
    }

    @Test("The same steps give the same samples, bit for bit")
    func determinism() {
        func run() -> [Int16] {
            var synth = Synthesizer(scale: .pridmore)
            var out: [Int16] = []
            for k in 0..<500 {
                let step = SoundVoice(pan: Double(k % 97) / 96, speed: Double(k % 13) * 90, penDown: k % 50 < 35,
                                     hue: Double(k) * 7.3, impact: k % 61 == 0 ? 500 : 0)
                out += Self.render(&synth, step, steps: 1)
            }
            return out
        }
        let a = run(), b = run()
        #expect(a == b)
        #expect(a.contains { $0 != 0 })
    }
}
