import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// Undo and redo in the window: whole strokes, through the store, by keys, pad and buttons.
@Suite("App undo and redo")
struct AppUndoTests {
    /// Two strokes with the easy ball (it stops when the keys are let go, so no new stroke starts
    /// after an undo): right with the pen down, a pen-up move, then down with the pen down.
    /// Returns the canvas before the second stroke and after it.
    static func twoStrokes(_ h: AppHarness) throws -> (before: [UInt8], after: [UInt8]) {
        h.tap(.n)
        h.tap(.f)
        h.tap(.enter)
        h.frame()
        h.hold(.right, frames: 40)
        h.frame(.keyDown(.space, ctrl: false, isRepeat: false))
        h.hold(.up, frames: 30)
        h.frames(30)
        let before = try #require(h.app.canvas).pixelBytes
        h.frame(.keyUp(.space))
        h.hold(.down, frames: 40)
        h.frames(20)
        let after = try #require(h.app.canvas).pixelBytes
        #expect(before != after, "the second stroke painted")
        return (before, after)
    }

    @Test("Z takes the last stroke away, Y brings it back, exactly")
    func keys() throws {
        let h = try AppHarness()
        let (before, after) = try Self.twoStrokes(h)
        let strokes = try #require(h.session).history.count
        h.tap(.z)
        #expect(try #require(h.session).history.count == strokes - 1)
        #expect(differingBytes(try #require(h.app.canvas).pixelBytes, before) == 0)
        h.tap(.y)
        #expect(try #require(h.session).history.count == strokes)
        #expect(differingBytes(try #require(h.app.canvas).pixelBytes, after) == 0)
        #expect(h.app.screen == .drawing && h.app.paused == nil, "undo does not stop the drawing")
    }

    @Test("Ctrl+Z and Ctrl+Y, the pad's D-pad left and right, and the buttons do the same")
    func otherWays() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Pad", accelerometer: false, gyro: false))
        let (before, after) = try Self.twoStrokes(h)
        h.frame(.keyDown(.z, ctrl: true, isRepeat: false), .keyUp(.z))
        #expect(differingBytes(try #require(h.app.canvas).pixelBytes, before) == 0)
        h.frame(.keyDown(.y, ctrl: true, isRepeat: false), .keyUp(.y))
        #expect(differingBytes(try #require(h.app.canvas).pixelBytes, after) == 0)
        h.padTap(.dpadLeft)
        #expect(differingBytes(try #require(h.app.canvas).pixelBytes, before) == 0)
        h.padTap(.dpadRight)
        #expect(differingBytes(try #require(h.app.canvas).pixelBytes, after) == 0)
        let undo = try #require(h.scene.buttons.first { $0.action == .undo })
        h.frame(.pointerDown(undo.rect.center), .pointerUp(undo.rect.center))
        #expect(differingBytes(try #require(h.app.canvas).pixelBytes, before) == 0)
        #expect(h.scene.buttons.first { $0.action == .redo }?.color == Palette.button, "Redo lights up when there is one")
    }

    @Test("An undo survives a relaunch, and redo works after it; the end screen has them too")
    func relaunch() throws {
        let temp = try TempStore()
        var id = ""
        var before: [UInt8] = [], after: [UInt8] = []
        do {
            let h = try AppHarness(temp: temp)
            (before, after) = try Self.twoStrokes(h)
            id = try #require(h.app.drawing?.id)
            h.tap(.z)
            h.frame(.quitRequested)
        }
        let again = try AppHarness(temp: temp)
        again.app.openDrawing(id)
        again.frame()
        #expect(differingBytes(try #require(again.app.canvas).pixelBytes, before) == 0, "reopened as it was left: undone")
        again.tap(.enter)                      // Done: the end screen
        #expect(again.app.screen == .end)
        #expect(again.actions.contains(.undo) && again.actions.contains(.redo))
        again.tap(.y)
        #expect(differingBytes(try #require(again.app.canvas).pixelBytes, after) == 0)
    }

    @Test("With nothing to undo, Z says so and changes nothing")
    func nothing() throws {
        let h = try AppHarness()
        h.startDrawing()
        // The pen starts down: the first sample's dot is a stroke; it goes first.
        h.tap(.z)
        #expect(try #require(h.session).history.isEmpty)
        h.tap(.z)
        #expect(h.app.notice == "Nothing to undo.")
        #expect(h.scene.buttons.first { $0.action == .undo }?.color == Palette.neutral)
    }
}
