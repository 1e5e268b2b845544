import MarbleKit
import Testing
@testable import MarbleApp

/// The settings screen: each choice takes effect at once and is kept.
@Suite("App settings")
struct AppSettingsTests {
    @Test("S on Home opens it; speed, upside down, left-handed and sound are chosen and kept; Esc goes back")
    func screen() throws {
        var kept = Settings()
        let h = try AppHarness(preferences: Preferences(kept, keep: { kept = $0 }))
        h.tap(.s)
        #expect(h.app.screen == .settings)
        #expect(h.scene.buttons.first { $0.action == .chooseSpeed(.normal) }?.selected == true)
        h.tap(.three)
        #expect(kept.sensitivity == 2 && h.app.controls.options.sensitivity == 2)
        #expect(h.scene.buttons.first { $0.action == .chooseSpeed(.fast) }?.selected == true)
        h.tap(.i)
        #expect(kept.invertY && h.app.controls.options.invertY)
        h.tap(.l)
        #expect(kept.leftHanded && h.app.controls.options.leftHanded)
        let sound = try #require(h.scene.buttons.first { $0.action == .toggleSound })
        h.frame(.pointerDown(sound.rect.center), .pointerUp(sound.rect.center))
        #expect(h.app.sound.muted && !kept.sound)
        h.tap(.one)
        #expect(kept.sensitivity == 0.5)
        h.tap(.escape)
        #expect(h.app.screen == .home)
    }

    /// How far right the easy ball rolls for Right held 30 frames, with these settings.
    static func roll(_ settings: Settings) throws -> Double {
        let h = try AppHarness(preferences: Preferences(settings))
        h.tap(.n)
        h.tap(.f)
        h.tap(.enter)
        h.frame()
        let x0 = try #require(h.session).ball.position.x
        h.hold(.right, frames: 30)
        return try #require(h.session).ball.position.x - x0
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
        var kept = Settings(sensitivity: 2)
        let temp = try TempStore()
        let app = App(store: temp.store, exportFolder: temp.root, options: ControlOptions(sensitivity: 0.5),
                      preferences: Preferences(kept, keep: { kept = $0 }))
        #expect(app.controls.options.sensitivity == 0.5)
        #expect(kept.sensitivity == 2)
    }
}
