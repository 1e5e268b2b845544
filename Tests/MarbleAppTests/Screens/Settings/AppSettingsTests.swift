import MarbleKit
import Testing
@testable import MarbleApp

/// The settings screen: each choice takes effect at once and is kept.
@Suite("App settings")
struct AppSettingsTests {
    @Test("S on Home opens it; speed, upside down, left-handed and sound are chosen and kept; Esc goes back")
    func screen() throws {
        let kept = KeptSettings()
        let h = try AppHarness(temp: TempStore(settings: kept))
        h.tap(.s)
        #expect(h.app.screen == .settings)
        #expect(h.scene.buttons.first { $0.action == .chooseSpeed(.normal) }?.selected == true)
        h.tap(.three)
        #expect(kept.value.sensitivity == 2 && h.app.controlOptions.sensitivity == 2)
        #expect(h.scene.buttons.first { $0.action == .chooseSpeed(.fast) }?.selected == true)
        h.tap(.i)
        #expect(kept.value.invertY && h.app.controlOptions.invertY)
        h.tap(.l)
        #expect(kept.value.leftHanded && h.app.controlOptions.leftHanded)
        let sound = try #require(h.scene.buttons.first { $0.action == .toggleSound })
        h.frame(.pointerDown(sound.rect.center), .pointerUp(sound.rect.center))
        #expect(h.app.preferences.muted && !kept.value.sound)
        h.tap(.one)
        #expect(kept.value.sensitivity == 0.5 && h.app.controlOptions.sensitivity == 0.5)
        h.tap(.escape)
        #expect(h.app.screen == .home)
    }

    /// How far right the easy ball rolls for Right held 30 frames, with these settings.
    static func roll(_ settings: Settings) throws -> Double {
        let h = try AppHarness(temp: TempStore(settings: KeptSettings(settings)))
        h.tap(.n)
        h.tap(.f)
        h.tap(.enter)
        h.frame()
        let x0 = try #require(h.session).marbles[0].ball.position.x
        h.hold(.right, frames: 30)
        return try #require(h.session).marbles[0].ball.position.x - x0
    }

    @Test("A sensitivity of 2 in the settings rolls the ball twice as far for the same key press")
    func sensitivityTwo() throws {
        let plain = try Self.roll(Settings()), fast = try Self.roll(Settings(sensitivity: 2))
        #expect(plain > 20)
        // Keyboard tilt stays under 0.5 g, so doubled it is never capped: exactly twice, to rounding.
        #expect(abs(fast / plain - 2) < 1e-6, "\(fast) vs \(plain)")
    }

    @Test("Options given for the run win over the settings and change nothing kept")
    func runOptions() throws {
        let kept = KeptSettings(Settings(sensitivity: 2))
        let temp = try TempStore(settings: kept)
        let app = App(store: temp.store, exportFolder: temp.root, overrides: RunOverrides(sensitivity: 0.5, invertX: true, mute: true))
        #expect(app.controlOptions.sensitivity == 0.5 && app.controlOptions.invertX)
        #expect(app.preferences.muted)
        #expect(kept.value == Settings(sensitivity: 2))
    }

    @Test("A choice made in the window takes the place of the run's option, and is kept")
    func windowChoiceReplacesOverride() throws {
        let kept = KeptSettings(Settings(sensitivity: 2))
        let temp = try TempStore(settings: kept)
        let h = try AppHarness(temp: temp)
        // The harness's app has no overrides: this one has the command line's.
        let app = App(store: temp.store, exportFolder: temp.root, overrides: RunOverrides(sensitivity: 0.5, invertY: true))
        _ = h
        #expect(app.controlOptions.invertY && app.controlOptions.sensitivity == 0.5)
        app.perform(.toggleInvertY)
        #expect(!app.controlOptions.invertY, "the toggle turns what is in force off")
        #expect(kept.value.invertY == false)
        app.perform(.chooseSpeed(.fast))
        #expect(app.controlOptions.sensitivity == 2 && kept.value.sensitivity == 2)
        app.perform(.chooseSpeed(.slow))
        #expect(app.controlOptions.sensitivity == 0.5 && kept.value.sensitivity == 0.5)
        // Read again, the settings in force are derived: nothing else holds a copy.
        #expect(app.preferences.settings == kept.value)
    }
}
