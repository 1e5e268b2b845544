import Foundation
import MarbleTestSupport
import Testing
@testable import MarbleKit

/// The movement meter's closed forms. Tolerances: the dead bands make the odometer count in
/// chords of at least 1° (tilt) or 2° (turn), so a path is counted to within one dead band.
@Suite("Movement meter")
struct MovementMeterTests {
    static func feed(_ m: inout MovementMeter, _ samples: [Sample]) { for s in samples { m.add(s) } }

    @Test("Two full turns at 1° a sample: turn_deg 720, tilt 0")
    func twoTurns() {
        var m = MovementMeter()
        Self.feed(&m, (0...720).map { Sample(t: Double($0) / 100, tilt: .zero, heading: Double($0)) })
        #expect(abs(m.turnDegrees - 720) < 1e-9)
        #expect(m.tiltDegrees == 0)
    }

    @Test("Once round a 30° cone: tilt_deg ≈ 2π·sin 30° rad = 180°")
    func cone() {
        var m = MovementMeter()
        let r = sin(30 * Double.pi / 180)
        Self.feed(&m, (0...3600).map { k in
            let phi = Double(k) / 3600 * 2 * .pi
            return Sample(t: Double(k) / 100, tilt: Vec2(r * cos(phi), r * sin(phi)), heading: 0)
        })
        #expect(abs(m.tiltDegrees - 180) < 1.5, "\(m.tiltDegrees)")
    }

    @Test("Tilting 30° slowly over 30 s counts 30° (within the 1° dead band)")
    func slowTilt() {
        var m = MovementMeter()
        Self.feed(&m, (0...3000).map { k in
            let theta = Double(k) / 3000 * 30 * .pi / 180
            return Sample(t: Double(k) / 100, tilt: Vec2(sin(theta), 0), heading: 0)
        })
        #expect(m.tiltDegrees > 29 && m.tiltDegrees <= 30 + 1e-9, "\(m.tiltDegrees)")
        // 1° a second is under 3° a window: slow tilting is counted, but is not "active".
        #expect(m.activeSeconds == 0)
    }

    @Test("A still pad jittering by 0.002 g counts nothing")
    func jitter() {
        var m = MovementMeter()
        var rng = SplitMix64(seed: 7)
        Self.feed(&m, (0...6000).map { k in
            Sample(t: Double(k) / 100, tilt: Vec2(Double.random(in: -1...1, using: &rng) * 0.002, Double.random(in: -1...1, using: &rng) * 0.002), heading: 90 + Double.random(in: -1...1, using: &rng) * 0.5)
        })
        #expect(m.tiltDegrees == 0 && m.turnDegrees == 0 && m.activeSeconds == 0)
    }

    @Test("350° → 10° is 20° the short way; NaN samples are not counted")
    func wrapAndNaN() {
        var m = MovementMeter()
        m.add(Sample(t: 0, tilt: .zero, heading: 350))
        m.add(Sample(t: 0.1, tilt: Vec2(.nan, 0), heading: 100))
        m.add(Sample(t: 0.2, tilt: .zero, heading: .infinity))
        m.add(Sample(t: 0.3, tilt: .zero, heading: 10))
        #expect(abs(m.turnDegrees - 20) < 1e-9)
        #expect(m.tiltDegrees == 0)
    }

    @Test("Turning 20°/s for 5 s, then still for 5 s: 5 active seconds of a 10 s span")
    func active() {
        var m = MovementMeter()
        Self.feed(&m, (0...1000).map { k in
            let t = Double(k) / 100
            return Sample(t: t, tilt: .zero, heading: 20 * min(t, 5))
        })
        #expect(abs(m.turnDegrees - 100) < 2)
        #expect(m.activeSeconds == 5)
    }

    @Test("The open window counts only up to the last sample")
    func clipped() {
        var m = MovementMeter()
        Self.feed(&m, (0...25).map { k in Sample(t: Double(k) / 10, tilt: .zero, heading: Double(k) * 8) })
        // Windows [0,1), [1,2) and [2, 2.5]: each turned 80°.
        #expect(abs(m.activeSeconds - 2.5) < 1e-9)
    }

    @Test("A drawing fed in two parts from a copy counts exactly as the one long run")
    func continued() throws {
        let samples = try MarbleLog.read(contentsOf: Repository.replay("scribble.csv"), io: .system).log.marbles[0]
        var whole = MovementMeter()
        Self.feed(&whole, samples)
        var first = MovementMeter()
        Self.feed(&first, Array(samples[..<900]))
        var second = first
        Self.feed(&second, Array(samples[900...]))
        #expect(second == whole)
        #expect(whole.tiltDegrees > 0 && whole.turnDegrees > 0 && whole.activeSeconds > 0)
    }

    @Test("The dead band's quick test never skips an angle atan2 reads as 1° or more")
    func quickDeadBand() {
        var rng = SplitMix64(seed: 30)
        var skipped = 0
        for _ in 0..<200_000 {
            // A tilt anywhere within 1 g, and another within about 1.5° of it, both ways round
            // the dead band's edge.
            let a = MovementMeter.down(Vec2(Double.random(in: -0.7...0.7, using: &rng), Double.random(in: -0.7...0.7, using: &rng)))
            let step = Double.random(in: 0...0.03, using: &rng), turn = Double.random(in: 0...(2 * .pi), using: &rng)
            let b = MovementMeter.down(Vec2(a.x + step * cos(turn), a.y + step * sin(turn)))
            guard MovementMeter.surelyWithinDeadBand(a, b) else { continue }
            skipped += 1
            #expect(MovementMeter.degrees(between: a, b) < MovementMeter.tiltDeadBand)
        }
        #expect(skipped > 10_000, "the quick test decides most small steps")
        // Exactly at 1° it must not skip: unit vectors 1° apart in the x–z plane.
        let one = Double.pi / 180
        #expect(!MovementMeter.surelyWithinDeadBand(Vec3(0, 0, -1), Vec3(sin(one), 0, -cos(one))))
        #expect(MovementMeter.surelyWithinDeadBand(Vec3(0, 0, -1), Vec3(sin(0.99 * one), 0, -cos(0.99 * one))))
    }
}
