import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// A phone silent for 4 s in the window, its clock going on through the silence (a phone's) or
/// starting again from 0 (a server app restarted): the window does as it always did (a notice,
/// its marble's tilt stops; its return resumes it), and the link's clock keeps the silence's
/// length, so the tracker and the calibration see the 4 s that passed.
@Suite("App phone: a silence's length")
struct AppPhoneSilenceTests {
    /// The harness's frames are 1/60 s; a restarted server's silence is timed by the frames
    /// its reports arrived in, so it may be off by a frame, in microseconds.
    static let frameUS = 16_667.0

    @Test("4 s silent, then back: stopped, resumed, and the link's clock moved 4 s", arguments: [false, true])
    func silenceKeepsItsLength(restart: Bool) throws {
        let h = try AppPhoneTests.harness()
        h.startDrawing()
        var n = 0
        AppPhoneTests.stream(h, frames: 30, from: &n) { AppPhoneTests.report($0, roll: 0.4) }
        #expect(try #require(h.session?.marbles[0].input).tilt.x > 0.3)
        let before = h.app.phones[0].timeline.nowUS
        #expect(before == UInt64(n - 1) * 10_000)

        h.frames(240)
        #expect(h.app.input.held[.phone(.dsu(0))] == nil)
        #expect(h.scene.texts.contains { $0.contains("stopped sending") })
        #expect(try #require(h.session?.marbles[0].input).tilt.x == 0)

        // Back after 241 frames: stamped 4.01 s later by the phone's clock, or from 0 again.
        var back = restart ? 0 : n + 400
        AppPhoneTests.stream(h, frames: 3, from: &back) { AppPhoneTests.report($0, roll: 0.4) }
        #expect(h.app.input.held[.phone(.dsu(0))] != nil)
        #expect(h.scene.texts.contains { $0.contains("is back") })
        #expect(try #require(h.session?.marbles[0].input).tilt.x > 0.3)
        // Six reports back, five 10 ms steps after the first.
        let moved = Double(h.app.phones[0].timeline.nowUS - before) - 50_000
        if restart {
            #expect(abs(moved - 241 * Self.frameUS) <= Self.frameUS, "silence of \(moved) µs")
        } else {
            #expect(moved == 4_010_000, "silence of \(moved) µs")
        }
    }
}
