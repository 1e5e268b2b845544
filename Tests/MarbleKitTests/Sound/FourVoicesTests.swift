import Testing
@testable import MarbleKit

/// Four marbles, four voices, mixed so that they never clip: the sum scaled by 2/N past two, so
/// four at their loudest are no louder than two.
@Suite("Sound: four voices")
struct FourVoicesTests {
    /// Every marble at full speed in the same place, pens down, striking a wall every few steps:
    /// as loud as the toy gets.
    static func loudest(_ voices: Int, steps: Int = 960) -> [Int16] {
        let sound = StepSound(scale: .newton)
        var out: [Int16] = []
        for k in 0..<steps {
            func voice(_ v: Int) -> SoundVoice {
                SoundVoice(marble: v, pan: 0.5, speed: 5000, penDown: true, hue: Double((k + v * 7) % 360), impact: k % 12 == 0 ? 5000 : 0)
            }
            sound.render(SoundStep((0..<voices).map(voice))) { out.append(contentsOf: $0) }
        }
        return out
    }

    @Test("Four voices at their loudest never reach full scale, and are no louder than two")
    func neverClip() {
        let four = Self.loudest(4), two = Self.loudest(2)
        let peak4 = four.map { Int(abs(Int32($0))) }.max() ?? 0
        let peak2 = two.map { Int(abs(Int32($0))) }.max() ?? 0
        // Two voices at their loudest clip, as they always did (their frames stay the same);
        // four never reach full scale.
        #expect(peak4 < Int(Int16.max), "four peak at \(peak4)")
        #expect(peak4 <= peak2, "four \(peak4) against two \(peak2)")
        #expect(peak4 > 1000, "and they are heard")
    }

    @Test("A session of four sounds the same twice, and every marble is a voice of its own")
    func session() throws {
        func run() throws -> [Int16] {
            let s = DrawingSession(marbles: 4, SessionConfiguration(canvasWidth: 640, canvasHeight: 400))
            let sound = StepSound(scale: .newton)
            var out: [Int16] = []
            var voices: [Int] = []
            s.stepListener = { step in
                voices = step.voices.map(\.marble)
                sound.render(step) { out.append(contentsOf: $0) }
            }
            for i in 0..<120 {
                let t = Double(i) / 60
                try s.feed((0..<4).map { k in Sample(t: t, tilt: Vec2(k % 2 == 0 ? 0.4 : -0.4, 0.3), heading: Double(k) * 90, penDown: true) })
            }
            #expect(voices == [0, 1, 2, 3])
            return out
        }
        let a = try run(), b = try run()
        #expect(a == b && a.contains { $0 != 0 })
    }
}

extension FourVoicesTests {
    @Test("The knee: the same below 24,000, rising and under full scale above it, the same both ways")
    func knee() {
        #expect(StepSound.limited(23_999) == 23_999 && StepSound.limited(-24_000) == -24_000)
        let ys = [24_001, 30_000, 60_000, 200_000, Int32.max / 4].map(StepSound.limited)
        #expect(ys == ys.sorted() && ys.allSatisfy { $0 < Int16.max }, "\(ys)")
        #expect(StepSound.limited(-60_000) == -StepSound.limited(60_000))
    }
}
