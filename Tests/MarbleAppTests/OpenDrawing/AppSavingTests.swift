import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// Quitting, hiding and relaunching never lose the drawing: pixels and ball compare exactly.
@Suite("App saving")
struct AppSavingTests {
    /// Draws a curve for a while in a small drawing and returns its id and live session.
    static func draw(_ h: AppHarness) throws -> (id: String, session: ReadOnlySession) {
        try h.openSmallDrawing()
        let d = try #require(h.app.drawing)
        h.frame(.keyDown(.right, ctrl: false, isRepeat: false), .keyDown(.e, ctrl: false, isRepeat: false))
        h.frames(40)
        h.frame(.keyDown(.down, ctrl: false, isRepeat: false), .keyUp(.right))
        h.frames(20)
        return (d.id, d.session)
    }

    /// `sameSamples` is false once the relaunched app has fed its first frame (one more sample,
    /// at the same time, so nothing else moves).
    static func expectSame(_ reopened: ReadOnlySession, as live: ReadOnlySession, sameSamples: Bool = true) {
        #expect(differingBytes(reopened.canvas.pixelBytes, live.canvas.pixelBytes) == 0)
        #expect(reopened.marbles[0].ball.position == live.marbles[0].ball.position)
        #expect(reopened.marbles[0].heading == live.marbles[0].heading)
        if sameSamples { #expect(reopened.acceptedSamples == live.acceptedSamples) }
    }

    @Test("The window's close button saves everything and quits")
    func quitRequested() throws {
        let h = try AppHarness()
        let (id, live) = try Self.draw(h)
        #expect(live.canvas.inkStatistics().pixels > 0)
        h.frame(.quitRequested)
        #expect(h.app.finished)
        #expect(h.platform.effects.contains(.quit))
        #expect(h.app.drawing == nil)
        let reopened = try h.temp.reopen().open(id)
        defer { try? reopened.close() }
        Self.expectSame(reopened.session, as: live)
    }

    @Test("Ctrl+Q saves everything and quits, from the drawing screen")
    func ctrlQ() throws {
        let h = try AppHarness()
        let (id, live) = try Self.draw(h)
        h.frame(.keyDown(.q, ctrl: true, isRepeat: false))
        #expect(h.app.finished)
        #expect(h.platform.effects.unspoken == [.quit])
        let reopened = try h.store.open(id)
        defer { try? reopened.close() }
        Self.expectSame(reopened.session, as: live)
        #expect(h.store.list().drawings.first?.duration == live.duration)
    }

    @Test("Hiding the window pauses and saves the journal at once")
    func hiddenSaves() throws {
        let h = try AppHarness()
        try h.openSmallDrawing()
        let d = try #require(h.app.drawing)
        d.policy.autosaveInterval = 1e6 // only the first sample autosaves: hiding must do the rest
        h.frame(.keyDown(.right, ctrl: false, isRepeat: false))
        h.frames(20)
        let before = h.temp.journalSize(d.id)
        #expect(before > 0)
        h.frame(.hidden)
        #expect(h.app.paused == .hidden)
        #expect(h.temp.journalSize(d.id) > before)
        let samples = d.session.acceptedSamples
        h.frames(10)
        #expect(d.session.acceptedSamples == samples, "hidden: no drawing")
        #expect(h.store.list().drawings.first?.duration == d.session.duration, "the journal holds every sample")
        h.frame(.shown)
        #expect(h.app.paused == nil, "shown again: carries on")
        h.frames(3)
        #expect(d.session.acceptedSamples > samples)

        // A pause the player chose outlives a hide and show.
        h.tap(.escape)
        #expect(h.app.paused == .user)
        h.frame(.hidden)
        h.frame(.shown)
        #expect(h.app.paused == .user)
    }

    @Test("A relaunched app continues the latest drawing: same picture, ball and heading")
    func relaunch() throws {
        let first = try AppHarness()
        let (id, live) = try Self.draw(first)
        first.frame(.quitRequested)
        #expect(first.app.finished)

        let second = try AppHarness(temp: first.temp)
        #expect(second.app.latest?.id == id)
        #expect(second.actions.contains(.continueLast))
        second.tap(.c)
        #expect(second.app.screen == .drawing)
        let session = try #require(second.session)
        Self.expectSame(session, as: live, sameSamples: false)
        #expect(abs(second.app.controls.heading - live.marbles[0].heading) < 1e-12, "the colour carries on")
        #expect(second.app.drawingTime == live.marbles[0].input?.t)
        second.frame(.quitRequested)

        // And by id, as `marble open ID` does.
        let third = try AppHarness(temp: first.temp)
        third.app.openDrawing(id)
        let again = try #require(third.session)
        Self.expectSame(again, as: live, sameSamples: false)
        third.frame(.quitRequested)
    }
}
