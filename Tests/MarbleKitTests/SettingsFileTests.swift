import Foundation
import MarbleTestSupport
import Testing
@testable import MarbleKit

/// settings.json: every key, wrong kinds ignored, a damaged file kept aside, atomic saves.
@Suite("Settings file")
struct SettingsFileTests {
    @Test("Saved and read back, every key")
    func roundTrip() throws {
        let dir = try TempFolder("settings")
        let file = SettingsFile(path: dir.path("config/marble/settings.json"))
        let s = Settings(sound: false, scale: .pridmore, sensitivity: 2, invertY: true, leftHanded: true)
        try file.save(s)
        let loaded = file.load()
        #expect(loaded.settings == s && loaded.warnings.isEmpty)
    }

    @Test("A missing file is the defaults, quietly")
    func missing() throws {
        let dir = try TempFolder("settings")
        let loaded = SettingsFile(path: dir.path("none.json")).load()
        #expect(loaded.settings == Settings() && loaded.warnings.isEmpty)
    }

    @Test("Keys of the wrong kind are ignored with a line each; 1 is not true; unknown keys are ignored")
    func wrongKinds() {
        let text = #"{"sound": 1, "sensitivity": "fast", "invert_y": true, "scale": "lydian", "colour": "blue"}"#
        guard case .success(let (s, problems)) = SettingsFile.decode(Array(text.utf8)) else {
            Issue.record("an object failed")
            return
        }
        #expect(s == Settings(invertY: true))
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.contains("\"sound\"") } && problems.contains { $0.contains("\"sensitivity\"") })
    }

    @Test("A damaged file: the defaults, one line naming it, and the file kept aside")
    func damaged() throws {
        let dir = try TempFolder("settings")
        let path = try dir.write("{ \"sound\": fal", to: "settings.json")
        let loaded = SettingsFile(path: path).load()
        #expect(loaded.settings == Settings())
        #expect(loaded.warnings.count == 1 && loaded.warnings[0].hasPrefix(path))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(String(decoding: dir.bytes("settings.json.damaged"), as: UTF8.self) == "{ \"sound\": fal")
        for bad in ["[1, 2]", "\"text\"", "", "\u{0}\u{1}"] {
            _ = try dir.write(bad, to: "settings.json")
            #expect(SettingsFile(path: path).load().settings == Settings(), "\(bad)")
        }
    }
}
