import MarbleKit
import Testing
@testable import MarbleApp

/// The drawing's help: on the first drawing of an empty store, gone at the first tilt, F1 and
/// the ? button bring it back and put it away; pictures for the input in use.
@Suite("App help")
struct AppHelpTests {
    static func helpShown(_ h: AppHarness) -> Bool { h.scene.texts.contains("Tilt to draw!") }

    @Test("The first drawing of an empty store opens with help; the first tilt puts it away")
    func firstDrawing() throws {
        let h = try AppHarness()
        h.startDrawing()
        #expect(Self.helpShown(h))
        #expect(h.scene.texts.contains("Arrow keys") && h.scene.texts.contains("Hold Space"), "the keyboard's keys")
        h.frames(10)
        #expect(Self.helpShown(h), "it waits for a tilt")
        h.hold(.right, frames: 10)
        #expect(!Self.helpShown(h))
    }

    @Test("F1 and the ? button show and hide it; the next drawing does not open with it")
    func toggles() throws {
        let temp = try TempStore()
        try temp.addDrawing()
        let h = try AppHarness(temp: temp)
        h.startDrawing()
        #expect(!Self.helpShown(h), "the store has a drawing already")
        h.tap(.f1)
        #expect(Self.helpShown(h))
        h.tap(.f1)
        #expect(!Self.helpShown(h))
        let button = try #require(h.scene.buttons.first { $0.action == .help })
        h.frame(.pointerDown(button.rect.center), .pointerUp(button.rect.center))
        #expect(Self.helpShown(h))
        h.tap(.escape)
        #expect(!Self.helpShown(h), "not over the pause")
    }

    @Test("With a pad, the pictures say the pad's buttons")
    func pad() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Pad", accelerometer: true, gyro: true))
        h.startDrawing()
        #expect(Self.helpShown(h))
        #expect(h.scene.texts.contains("Hold A") && h.scene.texts.contains("D-pad ←  /  →"))
    }
}
