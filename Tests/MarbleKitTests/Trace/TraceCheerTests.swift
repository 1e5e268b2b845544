import Testing
@testable import MarbleKit

/// The cheer: a pure function of the stars, silent for none, longer for more.
@Suite("Trace cheer")
struct TraceCheerTests {
    @Test("no stars, no cheer; 1 to 3 stars a cheer of 0.66, 0.77, 0.88 s, the same every time")
    func shape() {
        #expect(TraceCheer.samples(stars: 0).isEmpty)
        for stars in 1...3 {
            let s = TraceCheer.samples(stars: stars)
            let seconds = Double(s.count / 2) / 48_000
            #expect(abs(seconds - (0.55 + 0.11 * Double(stars))) < 1e-3, "\(seconds)")
            #expect(s == TraceCheer.samples(stars: stars))
            // Loud enough to hear, never clipped, and it starts and ends quietly (no click).
            let peak = s.map { abs(Int($0)) }.max() ?? 0
            #expect(peak > 6_000 && peak < 32_000)
            #expect(abs(Int(s[0])) < 200 && abs(Int(s[s.count - 1])) < 1_000)
        }
        #expect(TraceCheer.samples(stars: 7) == TraceCheer.samples(stars: 3))
    }
}
