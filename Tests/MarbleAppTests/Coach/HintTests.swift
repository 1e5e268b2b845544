import MarbleKit
import Testing
@testable import MarbleApp

/// Hints for a child who seems stuck: in a drawing after 8 s without a tilt, on the menus
/// after 10 s of a focus standing still; never two within 20 s.
@Suite("Coach: hints")
struct HintTests {
    /// A drawing open on a store that already has one (no help panel, no ghost), voice on.
    func drawing() throws -> AppHarness {
        let temp = try TempStore()
        try temp.addDrawing(SessionConfiguration(canvasWidth: 320, canvasHeight: 200))
        let h = try AppHarness(temp: temp)
        h.startDrawing()
        #expect(h.app.isDrawingLive)
        return h
    }

    @Test("8 s without a tilt: one hint, the tilt pad pulsing; none again within 20 s; the next one differs")
    func idleDrawingHint() throws {
        let h = try drawing()
        let said = h.spoken.count
        h.frames(60 * 8 - 10)
        #expect(h.spoken.count == said, "no hint before 8 s")
        #expect(h.tiltPad == nil)
        h.frames(20)
        #expect(h.spoken.count == said + 1, "one hint at 8 s")
        let first = try #require(h.spoken.last)
        #expect(CoachWords.drawing.contains(first))
        let pad = try #require(h.tiltPad, "the tilt pad picture shows")
        #expect(pad.pulse > 0, "and pulses")
        h.frames(60 * 19)
        #expect(h.spoken.count == said + 1, "no second hint within 20 s")
        #expect(h.tiltPad == nil, "the pulse is over")
        h.frames(60 * 2)
        #expect(h.spoken.count == said + 2, "the next hint after 20 s")
        #expect(h.spoken.last != first, "a different one")
        #expect(try #require(h.tiltPad).pulse > 0)
    }

    @Test("No hint while the child tilts, however long; stopping starts the 8 s again")
    func noHintWhileTilting() throws {
        let h = try drawing()
        let said = h.spoken.count
        // Left and right by turns for 12 s: always tilting.
        for k in 0..<6 { h.hold(k % 2 == 0 ? .right : .left, frames: 120) }
        #expect(h.spoken.count == said, "never while tilting")
        h.frames(60 * 7)
        #expect(h.spoken.count == said, "7 s after the last tilt: not yet")
        h.frames(60 * 2)
        #expect(h.spoken.count == said + 1)
    }

    @Test("Home with the focus standing 10 s: the likely button (New) pulses and the voice names it")
    func homeHint() throws {
        let h = try AppHarness()
        #expect(h.app.nav.screen == .home)
        h.frames(60 * 10 - 20)
        #expect(h.spoken.isEmpty && h.pulsed == nil)
        h.frames(30)
        #expect(h.spoken == [tr("Press New to start a drawing.")])
        let new = try #require(h.scene.buttons.first { $0.action == .newDrawing })
        #expect(h.pulsed == new.rect)
        // Moving the focus ends the pulse, and starts the 10 s again.
        h.tap(.right)
        #expect(h.pulsed == nil)
        h.frames(60 * 9)
        #expect(h.spoken.count == 1)
    }

    @Test("Setup and End hint their likely buttons: Start, and Home")
    func setupAndEndHints() throws {
        let h = try AppHarness()
        h.tap(.n)
        #expect(h.app.nav.screen == .setup)
        h.frames(60 * 10 + 10)
        #expect(h.spoken.last == tr("Press Start to begin drawing."))
        #expect(h.pulsed == h.scene.buttons.first { $0.action == .start }?.rect)
        h.tap(.enter)
        h.frames(60 * 5)
        h.tap(.enter)
        #expect(h.app.nav.screen == .end)
        // 10 s on End, but only 15 s since Setup's hint: not yet.
        h.frames(60 * 10 + 10)
        #expect(h.spoken.count == 1, "never two hints within 20 s")
        h.frames(60 * 6)
        #expect(h.spoken.last == tr("Press Home to go back and draw again."))
        #expect(h.pulsed == h.scene.buttons.first { $0.action == .home }?.rect)
    }

    @Test("Voice off: no hint is spoken, the pulse still shows")
    func voiceOff() throws {
        let temp = try TempStore(settings: KeptSettings({ var s = Settings(); s.voice = false; return s }()))
        let h = try AppHarness(temp: temp)
        h.frames(60 * 10 + 10)
        #expect(h.spoken.isEmpty)
        #expect(h.pulsed != nil)
    }
}
