import Testing
@testable import MarbleKit

/// Two marbles, two voices: each panned by its own x, the pair deterministic, and a step with
/// no second voice exactly what it always was; each voice says its marble.
@Suite("Sound: a voice per marble")
struct TwoVoicesTests {
    typealias S = SynthesizerTests

    static func record(_ steps: [SoundStep]) -> [Int16] {
        let sound = StepSound(scale: .newton)
        var out: [Int16] = []
        for step in steps { sound.render(step) { out.append(contentsOf: $0) } }
        return out
    }

    static func energy(_ samples: [Int16], _ channel: Int) -> Double {
        S.rms(S.channel(samples, channel)[...])
    }

    @Test("A second voice on the right with the first silent on the left is heard on the right, and the other way round")
    func panning() {
        let silentLeft = SoundVoice(marble: 0, pan: 0.05, speed: 0, penDown: false, hue: 0)
        let right = SoundStep([silentLeft, SoundVoice(marble: 1, pan: 0.95, speed: 500, penDown: true, hue: 120)])
        let a = Self.record(Array(repeating: right, count: 240))
        #expect(Self.energy(a, 1) > 10 * Self.energy(a, 0), "right \(Self.energy(a, 1)), left \(Self.energy(a, 0))")

        let loudLeft = SoundVoice(marble: 0, pan: 0.05, speed: 500, penDown: true, hue: 0)
        let both = SoundStep([loudLeft, SoundVoice(marble: 1, pan: 0.95, speed: 0, penDown: false, hue: 120)])
        let b = Self.record(Array(repeating: both, count: 240))
        #expect(Self.energy(b, 0) > 10 * Self.energy(b, 1))
    }

    @Test("Without a second voice the frames are the one synthesizer's, bit for bit; with one, the sum of two")
    func mixing() {
        let voices: [SoundVoice] = (0..<480).map { (k: Int) -> SoundVoice in
            let hue = Double(k % 360), speed = 300 + Double(k % 50), pan = Double(k % 100) / 100
            return S.moving(hue: hue, speed: speed, pan: pan)
        }
        var one = Synthesizer(scale: .newton)
        var alone: [Int16] = []
        for v in voices { alone += S.render(&one, v, steps: 1) }
        #expect(Self.record(voices.map { SoundStep([$0]) }) == alone)

        let paired = voices.map { v in
            SoundStep([v, SoundVoice(marble: 1, pan: 1 - v.pan, speed: 200, penDown: true, hue: 200)])
        }
        let mixed = Self.record(paired)
        #expect(mixed == Self.record(paired), "the same steps, the same samples")
        #expect(mixed != alone)
    }

    @Test("A two-marble session sounds the same twice, and both marbles are heard")
    func session() throws {
        func run(secondMoves: Bool) throws -> [Int16] {
            let s = DrawingSession(marbles: 2, SessionConfiguration(canvasWidth: 640, canvasHeight: 400))
            let sound = StepSound(scale: .newton)
            var out: [Int16] = []
            s.stepListener = { step in
                #expect(step.voices.map(\.marble) == [0, 1])
                sound.render(step) { out.append(contentsOf: $0) }
            }
            for i in 0..<180 {
                let t = Double(i) / 60
                try s.feed([Sample(t: t, tilt: Vec2(0.3, 0.4), heading: 0, penDown: true),
                            Sample(t: t, tilt: secondMoves ? Vec2(-0.4, -0.3) : .zero, heading: 180, penDown: secondMoves)])
            }
            return out
        }
        let a = try run(secondMoves: true)
        #expect(a == (try run(secondMoves: true)))
        #expect(a != (try run(secondMoves: false)), "marble 2's voice is in the mix")
    }
}
