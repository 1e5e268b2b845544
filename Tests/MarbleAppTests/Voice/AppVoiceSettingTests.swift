import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// Settings ▸ Voice: the button turns the voice off and on, the choice is kept in settings.json
/// across launches, and a voice that is off asks the platform to say nothing.
@Suite("App voice setting")
struct AppVoiceSettingTests {
    /// A store whose settings are the real settings.json in its folder.
    static func store(in folder: TempFolder) throws -> DrawingStateStore {
        var environment = Environment.system
        environment.settings = .file(SettingsFile(path: folder.path + "/settings.json", io: .system))
        return try DrawingStateStore(root: folder.path, environment: environment)
    }

    static func speakEffects(_ platform: HeadlessPlatform) -> [Speech] {
        platform.effects.compactMap { if case .speak(let s) = $0 { s } else { nil } }
    }

    @Test("The Voice button turns it off, the next launch keeps it off, and on again")
    func buttonKeepsIt() throws {
        let folder = try TempFolder("voice-setting")
        let first = AppHarnessOn(try Self.store(in: folder))
        first.tap(.s)
        #expect(first.app.screen == .settings)
        var voice = try #require(first.scene.buttons.first { $0.action == .toggleVoice })
        #expect(voice.selected == true && voice.icon == .voiceOn && voice.label == tr("Voice"))
        first.frame(.pointerDown(voice.rect.center), .pointerUp(voice.rect.center))
        #expect(!first.app.preferences.voiceOn)
        voice = try #require(first.scene.buttons.first { $0.action == .toggleVoice })
        #expect(voice.selected == false && voice.icon == .voiceOff)
        let file = try String(contentsOfFile: folder.path + "/settings.json", encoding: .utf8)
        #expect(file.contains("\"voice\": false"), "\(file)")

        // A relaunch: a new app on the same folder reads the file back.
        let second = AppHarnessOn(try Self.store(in: folder))
        #expect(!second.app.preferences.voiceOn)
        second.tap(.s)
        voice = try #require(second.scene.buttons.first { $0.action == .toggleVoice })
        #expect(voice.selected == false)
        second.frame(.pointerDown(voice.rect.center), .pointerUp(voice.rect.center))
        #expect(second.app.preferences.voiceOn)
        #expect(Self.speakEffects(second.platform).last?.text == tr("{name}: on", ["name": tr("Voice")]), "turned on, it says so")
        let third = AppHarnessOn(try Self.store(in: folder))
        #expect(third.app.preferences.voiceOn)
    }

    @Test("Voice off (the setting, or --no-voice): no .speak effects; on: one, in the words' language")
    func offSaysNothing() throws {
        let on = AppHarnessOn(try Self.store(in: try TempFolder("voice-on")))
        on.frame()
        let greeted = Self.speakEffects(on.platform).count
        #expect(greeted > 0, "Home greets")
        on.app.speak("Hello")
        on.frame()
        #expect(Array(Self.speakEffects(on.platform).dropFirst(greeted)) == [Speech("Hello", language: Words.current.language)])

        let folder = try TempFolder("voice-off")
        var noVoice = RunOverrides()
        noVoice.noVoice = true
        let off = AppHarnessOn(try Self.store(in: folder), overrides: noVoice)
        #expect(!off.app.preferences.voiceOn)
        off.app.speak("Hello")
        off.tap(.s)
        off.frames(10)
        #expect(Self.speakEffects(off.platform).isEmpty)
        // --no-voice is for the run: nothing was written into the settings.
        #expect(!((try? String(contentsOfFile: folder.path + "/settings.json", encoding: .utf8)) ?? "").contains("\"voice\": false"))

        let kept = AppHarnessOn(try Self.store(in: try TempFolder("voice-kept-off")))
        // Its first frame greeted (the voice was on); turned off, nothing more.
        let before = Self.speakEffects(kept.platform).count
        kept.app.preferences.toggleVoice()
        kept.app.speak("Hello")
        kept.tap(.s)
        kept.frames(5)
        #expect(Self.speakEffects(kept.platform).count == before)
    }
}

/// The app on a headless platform over a given store (the harness's, minus its temp store).
final class AppHarnessOn {
    let app: App
    let platform = HeadlessPlatform()

    init(_ store: DrawingStateStore, overrides: RunOverrides = RunOverrides()) {
        app = App(store: store, exportFolder: NSTemporaryDirectory(), overrides: overrides)
        frame()
    }

    var scene: Scene { platform.lastScene ?? Scene() }

    func frame(_ events: UIEvent...) {
        platform.pending += events
        FrameLoop.frame(app, on: platform)
    }

    func frames(_ n: Int) { for _ in 0..<n { frame() } }

    func tap(_ key: Key) { frame(.keyDown(key, ctrl: false, isRepeat: false), .keyUp(key)) }
}
