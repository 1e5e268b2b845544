import Testing
@testable import MarbleApp

/// Servers' timestamps made one clock: repeats stand still, restarts and jumps go by arrival.
@Suite("Motion timeline")
struct MotionTimelineTests {
    @Test("Steady steps are taken as they are; a repeat stands still")
    func steady() {
        var t = MotionTimeline()
        #expect(t.advance(serverUS: 7_000_000, arrival: 100) == 0)
        #expect(t.advance(serverUS: 7_004_000, arrival: 100.004) == 4_000)
        #expect(t.advance(serverUS: 7_004_000, arrival: 100.008) == 4_000)
        #expect(t.advance(serverUS: 7_012_000, arrival: 100.012) == 12_000)
    }

    @Test("A server restarting (its clock back) or jumping goes on by the arrivals, never back")
    func restartsAndJumps() {
        var t = MotionTimeline()
        _ = t.advance(serverUS: 50_000_000, arrival: 10)
        _ = t.advance(serverUS: 50_010_000, arrival: 10.01)
        #expect(t.advance(serverUS: 3_000, arrival: 10.03) == 30_000)
        #expect(t.advance(serverUS: 13_000, arrival: 10.04) == 40_000)
        #expect(t.advance(serverUS: 900_000_000, arrival: 12.04) == 1_040_000)
    }
}
