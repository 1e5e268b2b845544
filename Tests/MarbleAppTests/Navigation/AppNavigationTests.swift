import MarbleKit
import Testing
@testable import MarbleApp

/// Every screen reached by keyboard, pad and mouse, on a headless platform.
@Suite("App navigation")
struct AppNavigationTests {
    @Test("Keyboard: Home → Setup → Drawing → End → Home (with Continue) → Gallery → Home")
    func keyboardRoundTrip() throws {
        let h = try AppHarness()
        #expect(h.app.screen == .home)
        #expect(h.actions == [.newDrawing, .gallery, .quit, .settings], "an empty store offers no Continue")

        h.tap(.n)
        #expect(h.app.screen == .setup)
        #expect(h.scene.focus == 0 && h.actions.first == .start, "Start has focus, so Enter starts")
        h.tap(.f)
        #expect(h.app.setupMode == .fake)
        h.tap(.r)
        #expect(h.app.setupMode == .real)
        h.tap(.one)
        #expect(h.app.setupDifficulty == .easy)
        h.tap(.two)
        #expect(h.app.setupDifficulty == .normal)
        h.tap(.f)
        h.tap(.three)
        #expect(h.app.setupDifficulty == .hard)
        #expect(h.scene.buttons.first { $0.action == .chooseMode(.fake) }?.selected == true)

        h.tap(.enter)
        #expect(h.app.screen == .drawing)
        let drawing = try #require(h.app.drawing)
        #expect(drawing.session.configuration.mode == .fake)
        #expect(drawing.session.configuration.difficulty == .hard)
        h.frames(10)

        h.tap(.enter)
        #expect(h.app.screen == .end)
        #expect(h.actions.contains(.savePicture))

        h.tap(.h)
        #expect(h.app.screen == .home)
        #expect(h.app.drawing == nil, "Home closes the drawing")
        #expect(h.actions == [.newDrawing, .continueLast, .gallery, .quit, .settings])

        h.tap(.g)
        #expect(h.app.screen == .gallery)
        #expect(h.app.galleryEntries.map(\.id) == [drawing.id])
        #expect(h.actions.contains(.open(drawing.id)))
        #expect(h.scene.focus == h.index(of: .open(drawing.id)), "focus starts on the newest drawing")

        h.tap(.escape)
        #expect(h.app.screen == .home)
    }

    @Test("Arrows move focus between Home's buttons and stop at the ends")
    func arrowsMoveFocus() throws {
        let h = try AppHarness()
        #expect(h.scene.focus == 0)
        h.tap(.right)
        #expect(h.scene.focus == 1 && h.actions[1] == .gallery)
        h.tap(.right)
        #expect(h.scene.focus == 2)
        h.tap(.right)
        #expect(h.scene.focus == 3 && h.actions[3] == .settings, "the gear, up in the corner")
        h.tap(.right)
        #expect(h.scene.focus == 3, "no button further right")
        h.tap(.left)
        h.tap(.left)
        h.tap(.left)
        #expect(h.scene.focus == 0)
        h.tap(.right)
        h.tap(.enter)
        #expect(h.app.screen == .gallery, "Enter performs the focused button")
    }

    @Test("Esc on Setup goes back Home without starting a drawing")
    func escapeFromSetup() throws {
        let h = try AppHarness()
        h.tap(.n)
        #expect(h.app.screen == .setup)
        h.tap(.escape)
        #expect(h.app.screen == .home)
        #expect(h.store.list().drawings.isEmpty)
    }

    @Test("A repeated non-arrow key does nothing; a repeated arrow moves on")
    func keyRepeat() throws {
        let h = try AppHarness()
        h.frame(.keyDown(.n, ctrl: false, isRepeat: true))
        #expect(h.app.screen == .home)
        h.frame(.keyDown(.right, ctrl: false, isRepeat: true))
        #expect(h.scene.focus == 1)
    }

    @Test("Pad: D-pad moves focus, south chooses, east goes back")
    func padButtons() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Test Pad", accelerometer: false, gyro: false))
        h.padTap(.dpadRight)
        #expect(h.scene.focus == 1)
        h.padTap(.dpadLeft)
        #expect(h.scene.focus == 0)
        h.padTap(.south)
        #expect(h.app.screen == .setup)
        h.padTap(.east)
        #expect(h.app.screen == .home)
        h.padTap(.south)
        h.padTap(.south)
        #expect(h.app.screen == .drawing, "south on Setup's Start begins a drawing")
        h.padTap(.east)
        #expect(h.app.paused == .user, "east pauses a live drawing")
        h.padTap(.east)
        #expect(h.app.paused == nil, "east on the pause layer goes on")
    }

    @Test("Pad: a stick past 0.6 moves focus once, until it comes back under 0.3")
    func stickLatch() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Test Pad", accelerometer: false, gyro: false))
        #expect(h.scene.focus == 0)
        h.frame(.padSticks(leftX: 0.5, leftY: 0, rightX: 0, rightY: 0))
        #expect(h.scene.focus == 0, "0.5 is not past the threshold")
        h.frame(.padSticks(leftX: 0.7, leftY: 0, rightX: 0, rightY: 0))
        #expect(h.scene.focus == 1)
        h.frame(.padSticks(leftX: 0.9, leftY: 0, rightX: 0, rightY: 0))
        h.frame(.padSticks(leftX: 1.0, leftY: 0.1, rightX: 0, rightY: 0))
        #expect(h.scene.focus == 1, "held over: latched")
        h.frame(.padSticks(leftX: 0.4, leftY: 0, rightX: 0, rightY: 0))
        h.frame(.padSticks(leftX: 0.7, leftY: 0, rightX: 0, rightY: 0))
        #expect(h.scene.focus == 1, "0.4 is not back under 0.3: still latched")
        h.frame(.padSticks(leftX: 0.1, leftY: 0, rightX: 0, rightY: 0))
        h.frame(.padSticks(leftX: 0.7, leftY: 0, rightX: 0, rightY: 0))
        #expect(h.scene.focus == 2, "released, then pushed again")
    }

    @Test("Mouse: a click on a button performs it; hover moves focus; a drag off it does nothing")
    func mouse() throws {
        let h = try AppHarness()
        let gallery = try #require(h.index(of: .gallery))
        let quit = try #require(h.index(of: .quit))
        let galleryCenter = h.scene.buttons[gallery].rect.center
        h.frame(.pointerMoved(galleryCenter))
        #expect(h.scene.focus == gallery)
        h.frame(.pointerMoved(h.scene.buttons[quit].rect.center))
        #expect(h.scene.focus == quit)

        // Down on New, up on Gallery: not a click.
        h.frame(.pointerDown(h.scene.buttons[0].rect.center))
        h.frame(.pointerUp(galleryCenter))
        #expect(h.app.screen == .home)

        h.frame(.pointerDown(galleryCenter))
        h.frame(.pointerUp(galleryCenter))
        #expect(h.app.screen == .gallery)
    }
}
