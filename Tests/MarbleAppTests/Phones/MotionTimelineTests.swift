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
        // 850 s of the server's clock over 2 s of arrivals: the arrivals' 2 s, unclamped.
        #expect(t.advance(serverUS: 900_000_000, arrival: 12.04) == 2_040_000)
    }

    // The arrivals below are whole milliseconds of Double seconds; a gap taken from them is
    // rounded to the microsecond, so every expectation is exact.

    @Test("A 4 s silence with the server's clock advancing 4 s is 4 s, to the server's microsecond")
    func silenceByServerClock() {
        var t = MotionTimeline()
        _ = t.advance(serverUS: 1_000_000, arrival: 50)
        #expect(t.advance(serverUS: 1_010_000, arrival: 50.01) == 10_000)
        // The first report after the silence arrives 150 ms late (Wi-Fi): the server's 4 s,
        // within the agreement, is taken, not the arrivals' 4.15 s.
        #expect(t.advance(serverUS: 5_010_000, arrival: 54.16) == 4_010_000)
        #expect(t.advance(serverUS: 5_020_000, arrival: 54.161) == 4_020_000)
    }

    @Test("A server restarting (its clock back to 0) after a 4 s silence: 4 s by the arrivals")
    func restartAfterSilence() {
        var t = MotionTimeline()
        _ = t.advance(serverUS: 70_000_000, arrival: 20)
        _ = t.advance(serverUS: 70_010_000, arrival: 20.01)
        #expect(t.advance(serverUS: 0, arrival: 24.01) == 4_010_000)
        #expect(t.advance(serverUS: 10_000, arrival: 24.02) == 4_020_000)
    }

    @Test("Normal spacing is the server's, however the arrivals bunch")
    func normalSpacing() {
        var t = MotionTimeline()
        _ = t.advance(serverUS: 2_000_000, arrival: 30)
        // Five reports 4 ms apart drained in one frame (one arrival time), after a slow frame.
        for k in 1...5 { #expect(t.advance(serverUS: 2_000_000 + UInt64(k) * 4_000, arrival: 30.3) == UInt64(k) * 4_000) }
        // A step of just under the trusted second, over a 10 ms arrival gap: still the server's.
        #expect(t.advance(serverUS: 2_020_000 + 990_000, arrival: 30.31) == 1_010_000)
    }

    @Test("The server's clock jumping hours forward over a 10 ms arrival gap goes on by 10 ms")
    func jumpForward() {
        var t = MotionTimeline()
        _ = t.advance(serverUS: 3_000_000, arrival: 40)
        _ = t.advance(serverUS: 3_010_000, arrival: 40.01)
        let hours: UInt64 = 5 * 3600 * 1_000_000
        #expect(t.advance(serverUS: 3_010_000 + hours, arrival: 40.02) == 20_000)
        // The clock goes on from there: its steps are taken again.
        #expect(t.advance(serverUS: 3_020_000 + hours, arrival: 40.03) == 30_000)
    }

    @Test("Arrivals that go back or are not finite add nothing; the clock never goes back")
    func badArrivals() {
        var t = MotionTimeline()
        _ = t.advance(serverUS: 9_000_000, arrival: 60)
        #expect(t.advance(serverUS: 0, arrival: 59) == 0)
        #expect(t.advance(serverUS: 0, arrival: .nan) == 0)
        #expect(t.advance(serverUS: 5_000_000, arrival: .infinity) == 0)
    }
}
