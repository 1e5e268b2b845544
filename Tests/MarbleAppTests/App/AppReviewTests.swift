import MarbleKit
import Testing
@testable import MarbleApp

/// Bugs found in review, each pinned by a test.
@Suite("App review")
struct AppReviewTests {
    @Test("Another pad taking over (padAdded without padRemoved) drops the old pad's motion state")
    func takeoverForgetsOldMotion() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Motion Pad", accelerometer: true, gyro: false))
        // Held tilted: the up vector leans to −X, so the ball rolls right.
        for i in 0..<10 { h.frame(.accelerometer(x: -4.9, y: 8.5, z: 0, timestampUS: UInt64(i) * 10_000)) }
        h.startDrawing()
        func tilt() -> Vec2 {
            var c = h.app.players[0].controls
            return c.step(dt: 0, pad: h.app.input.padState(player: 0)).tilt
        }
        #expect(tilt().x > 0.3, "the motion pad tilts")

        // The pad in use goes, another pad (no sensors) takes over.
        h.frame(.padRemoved())
        h.frame(.padAdded(name: "Plain Pad", accelerometer: false, gyro: false, pad: 1))
        #expect(tilt() == .zero, "the unplugged pad's last tilt must not steer the ball")
    }

    @Test("A pad unplugged while the window is minimised keeps the drawing paused when it is shown")
    func padRemovedWhileHidden() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Pad", accelerometer: false, gyro: false))
        h.startDrawing()
        h.frame(.hidden)
        #expect(h.app.paused == .hidden)
        h.frame(.padRemoved())
        h.frame(.shown)
        #expect(h.app.paused == .padRemoved)
    }

    @Test("Double-clicking a gallery trash button does not delete without asking")
    func doubleClickTrash() throws {
        let temp = try TempStore()
        for _ in 0..<4 { try temp.addDrawing() }
        let h = try AppHarness(temp: temp)
        h.tap(.g)
        let trashes = h.scene.buttons.enumerated().compactMap { i, b -> (Int, Point)? in
            if case .deleteDrawing = b.action { return (i, b.rect.center) } else { return nil }
        }
        try #require(trashes.count == 4)
        for (_, p) in trashes {
            h.frame(.pointerDown(p), .pointerUp(p))
            #expect(h.app.pendingDelete != nil)
            h.frames(8) // a double-click's second click, about 150 ms later
            h.frame(.pointerDown(p), .pointerUp(p))
            if h.app.pendingDelete != nil { h.tap(.n) }
            #expect(h.app.screen == .gallery)
            #expect(h.store.list().drawings.count == 4, "a double-click on trash deleted a drawing without asking")
            if h.store.list().drawings.count != 4 { break }
        }
    }

    @Test("Events after a quit in the same frame do not open a drawing that is never closed")
    func eventsAfterQuit() throws {
        let h = try AppHarness()
        h.tap(.n)
        #expect(h.app.screen == .setup)
        h.frame(.quitRequested, .keyDown(.enter, ctrl: false, isRepeat: false))
        #expect(h.app.finished)
        #expect(h.app.drawing == nil, "a drawing was opened after the quit and is left open")
        #expect(h.store.list().drawings.isEmpty)
    }

    @Test("A horizontal wheel does not scroll the gallery")
    func horizontalWheel() throws {
        let temp = try TempStore()
        for _ in 0..<12 { try temp.addDrawing() }
        let h = try AppHarness(temp: temp)
        h.tap(.g)
        #expect(h.app.galleryTop == 0)
        h.frame(.wheel(0))
        #expect(h.app.galleryTop == 0)
    }

    @Test("Space that chooses Start does not lift the pen while it is still held")
    func spaceOnStart() throws {
        let h = try AppHarness()
        h.tap(.n)
        h.frame(.keyDown(.space, ctrl: false, isRepeat: false))
        #expect(h.app.screen == .drawing)
        h.frames(6)
        let session = try #require(h.session)
        #expect(session.marbles[0].penDown, "the key that pressed Start lifts the pen")
        h.frame(.keyUp(.space))
    }
}

extension AppReviewTests {
    @Test("The end screen does not show the previous drawing's export as this one's")
    func lastExportPerDrawing() throws {
        let h = try AppHarness()
        let a = try h.openSmallDrawing()
        h.tap(.enter)
        h.tap(.l)
        #expect(h.app.lastExport?.contains(a) == true)
        h.tap(.h)
        #expect(h.app.screen == .home)
        let b = try h.openSmallDrawing()
        h.tap(.enter)
        #expect(h.app.screen == .end)
        h.frames(800) // the notice fades
        #expect(h.app.drawing?.id == b)
        #expect(!h.scene.texts.contains { $0.contains(a) }, "drawing \(b)'s end screen says \(a) was saved")
    }
}

@Suite("App review: replay")
struct ReplayReviewTests {
    @Test("A replay at an extreme --speed draws its status bar without trapping", arguments: [1e20, 1e-300, Double.leastNonzeroMagnitude])
    func extremeSpeed(speed: Double) {
        let samples = (0...4).map { Sample(t: Double($0) * 0.1, tilt: Vec2(0.2, 0), heading: 0) }
        let player = ReplayPlayer(log: MarbleLog(samples: samples),
                                  configuration: SessionConfiguration(canvasWidth: 320, canvasHeight: 200),
                                  name: "x", speed: speed)
        let scene = player.scene(width: 640, height: 400)
        #expect(!scene.texts.isEmpty)
    }
}
