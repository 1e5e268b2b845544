import Foundation
import MarbleKit
import MarbleTestSupport
import Testing

/// `marble settings`: what a parent sets from a shell is what the window keeps.
@Suite("marble settings")
struct SettingsCommandTests {
    @Test("Options change settings.json (made with its folder), no option only shows it, the window's reader agrees")
    func changesAndShows() throws {
        let dir = try TempFolder("settings-cli")
        let env = ["XDG_CONFIG_HOME": dir.path("config")]
        let file = dir.path("config/marble/settings.json")
        let set = try MarbleProcess.run(["settings", "--sensitivity", "2.5", "--sound", "off", "--big-buttons", "on"], environment: env)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.hasPrefix(file + "\n"))
        let kept = SettingsFile(path: file, io: .system).load()
        #expect(kept.warnings.isEmpty)
        #expect(kept.settings.sensitivity == 2.5)
        #expect(kept.settings.sound == false)
        #expect(kept.settings.bigButtons == true)
        #expect(kept.settings.invertY == false)

        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let show = try MarbleProcess.run(["settings"], environment: env)
        #expect(show.status == 0)
        #expect(show.stdout.contains("\"sensitivity\": 2.5"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "showing must not write")

        let back = try MarbleProcess.run(["settings", "--sound", "on"], environment: env)
        #expect(back.status == 0)
        #expect(SettingsFile(path: file, io: .system).load().settings.sound == true)
        #expect(SettingsFile(path: file, io: .system).load().settings.sensitivity == 2.5, "other settings stay")
    }

    @Test("A sensitivity outside the range is refused (64) and the file is left as it was")
    func refusesOutOfRange() throws {
        let dir = try TempFolder("settings-cli-bad")
        let env = ["XDG_CONFIG_HOME": dir.path("config")]
        let out = try MarbleProcess.run(["settings", "--sensitivity", "9"], environment: env)
        #expect(out.status == 64)
        #expect(out.stderr.contains("--sensitivity must be 0.25 to 4.0"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("config/marble/settings.json")))
    }
}
