import MarbleKit
import Testing
@testable import MarbleApp

/// A pad coming and going while drawing.
@Suite("App pad hot-plug")
struct AppPadTests {
    @Test("Pad removed mid-drawing pauses and saves; Esc resumes with the keyboard")
    func removedThenKeyboard() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Test Pad", accelerometer: true, gyro: true))
        #expect(h.app.padName == "Test Pad")
        #expect(h.app.padHasMotion)
        h.startDrawing()
        let session = try #require(h.session)
        h.frame(.padSticks(leftX: 1, leftY: 0, rightX: 0, rightY: 0))
        h.frames(10)
        let x = session.marbles[0].ball.position.x

        h.frame(.padRemoved())
        #expect(h.app.paused == .padRemoved)
        #expect(h.app.padName == nil)
        #expect(h.app.input.padState(player: 0) == nil, "the stick it held is forgotten")
        #expect(h.scene.texts.contains("The pad was unplugged"))
        #expect(h.store.list().drawings.first?.duration == session.duration, "saved at once")
        let samples = session.acceptedSamples
        h.frames(10)
        #expect(session.acceptedSamples == samples)

        h.tap(.escape)
        #expect(h.app.paused == nil)
        h.hold(.right, frames: 20)
        #expect(session.acceptedSamples > samples)
        #expect(session.marbles[0].ball.position.x > x)
    }

    @Test("Pad removed: Enter goes on (the focused button); plugging it back is picked up")
    func removedThenBack() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Test Pad", accelerometer: false, gyro: false))
        h.startDrawing()
        h.frames(5)
        h.frame(.padRemoved())
        #expect(h.app.paused == .padRemoved)
        h.tap(.enter)
        #expect(h.app.paused == nil, "Enter activates Go on")
        #expect(h.app.screen == .drawing)

        h.frame(.padAdded(name: "Test Pad", accelerometer: false, gyro: false))
        h.frame(.padRemoved())
        #expect(h.app.paused == .padRemoved)
        h.frame(.padAdded(name: "Other Pad", accelerometer: false, gyro: false, pad: 1))
        #expect(h.app.padName == "Other Pad")
        #expect(h.app.input.padState(player: 0) != nil)
        #expect(h.scene.texts.contains("Pad found"))
        #expect(h.app.paused == .padRemoved, "still paused until the player says so")
        h.padTap(.south)
        #expect(h.app.paused == nil, "A on Go on resumes")
    }
}
