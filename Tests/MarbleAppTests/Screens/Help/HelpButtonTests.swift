import MarbleKit
import Testing
@testable import MarbleApp

/// The "?" button on the drawing, pressed with a pointer, shows the help and hides it again.
@Suite("Help button")
struct HelpButtonTests {
    @Test("Clicking ? shows the help while nobody tilts, for one and for several children", arguments: [1, 2, 4])
    func clickShowsHelp(marbles: Int) throws {
        let h = try AppHarness(temp: TempStore())
        h.frame()
        h.app.startNew(mode: .fake, difficulty: .normal, marbles: marbles)
        h.frames(3)
        // The first drawing of a store opens with its help: put it away first.
        if h.app.nav.help { h.app.handle(.keyDown(.f1, ctrl: false, isRepeat: false)); h.frames(2) }
        #expect(!h.app.nav.help)
        let button = try #require(h.scene.buttons.first { $0.action == .help })
        // As a hand clicks: the pointer comes, goes down, and up a few frames later.
        h.frame(.pointerMoved(button.rect.center))
        h.frame(.pointerDown(button.rect.center))
        h.frames(3)
        #expect(!h.app.nav.help, "pressed, not yet let go")
        h.frame(.pointerUp(button.rect.center))
        h.frames(5)
        #expect(h.app.nav.help, "\(marbles) marbles: the help shows after the click")
        h.frame(.pointerDown(button.rect.center), .pointerUp(button.rect.center))
        h.frames(2)
        #expect(!h.app.nav.help, "\(marbles) marbles: a second click hides it")
    }
}
