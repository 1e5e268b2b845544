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

    @Test("The phone's address and each calibration are kept and read back exactly")
    func motionRoundTrip() throws {
        let dir = try TempFolder("settings")
        let file = SettingsFile(path: dir.path("settings.json"))
        var s = Settings()
        let phone = DSUAddress(octets: [192, 168, 1, 20])
        s.motionServer = phone
        let turned = try MotionCalibration.learn(flat: Vec3(0, 9.8, 0), tipped: Vec3(0, 8.5, 4.9), turn: Vec3(-0.5, 0, 0)).get()
        s.motionCalibrations = [phone: turned, DSUAddress(octets: [127, 0, 0, 1], port: 26761): .identity]
        try file.save(s)
        let loaded = file.load()
        #expect(loaded.settings == s, "\(loaded.settings)")
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        let text = String(decoding: try #require(try Files.read(file.path, followingLinks: true)), as: UTF8.self)
        #expect(text.contains(#""motion_server": "192.168.1.20:26760""#))
    }

    @Test("A bad address or calibration is ignored with a line; null is no phone")
    func motionProblems() {
        let text = #"{"motion_server": "192.168.1", "motion_calibration": {"10.0.0.1": [1, 0, 0, 0, 2, 0, 0, 0, 1], "10.0.0.2": [1, 0, 0, 0, 1, 0, 0, 0, 1]}}"#
        guard case .success(let (s, problems)) = SettingsFile.decode(Array(text.utf8)) else {
            Issue.record("an object failed")
            return
        }
        #expect(s.motionServer == nil)
        #expect(s.motionCalibrations == [DSUAddress(octets: [10, 0, 0, 2]): .identity])
        #expect(problems.count == 2, "\(problems)")
        guard case .success(let (n, none)) = SettingsFile.decode(Array(#"{"motion_server": null, "motion_calibration": 3}"#.utf8)) else {
            Issue.record("null failed")
            return
        }
        #expect(n.motionServer == nil)
        #expect(none.count == 1, "\(none)")
    }

    @Test("Marble 2's phone and each phone's pad are kept and read back; a bad pad number is ignored with a line")
    func secondPhoneRoundTrip() throws {
        let dir = try TempFolder("settings")
        let file = SettingsFile(path: dir.path("settings.json"))
        var s = Settings()
        let server = DSUAddress(octets: [192, 168, 1, 20])
        s.setPhone(server, second: false)
        s.setPhone(server, second: true)
        #expect(s.phone(second: false)! == (server, 0) && s.phone(second: true)! == (server, 1))
        try file.save(s)
        let loaded = file.load()
        #expect(loaded.settings == s && loaded.warnings.isEmpty, "\(loaded.warnings)")
        let text = String(decoding: try #require(try Files.read(file.path, followingLinks: true)), as: UTF8.self)
        #expect(text.contains(#""second_motion_server": "192.168.1.20:26760""#) && text.contains(#""second_motion_slot": 1"#))
        let bad = #"{"second_motion_server": "10.0.0.9", "second_motion_slot": 4, "motion_slot": 1.5}"#
        guard case .success(let (b, problems)) = SettingsFile.decode(Array(bad.utf8)) else {
            Issue.record("an object failed")
            return
        }
        #expect(b.secondMotionServer == DSUAddress(octets: [10, 0, 0, 9]) && b.secondMotionSlot == 0 && b.motionSlot == 0)
        #expect(problems.count == 2 && problems.allSatisfy { $0.contains("pad number") }, "\(problems)")
    }

    @Test("A phone set to the server the other marble's phone is on takes its next pad; another server, its first")
    func phoneSlots() {
        var s = Settings()
        let a = DSUAddress(octets: [10, 0, 0, 1]), b = DSUAddress(octets: [10, 0, 0, 2])
        s.setPhone(a, second: true)
        #expect(s.secondMotionSlot == 0)
        s.setPhone(a, second: false)
        #expect(s.motionSlot == 1 && s.secondMotionSlot == 0, "marble 2's phone had pad 1 of it first")
        s.setPhone(b, second: false)
        #expect(s.motionSlot == 0)
        s.setPhone(nil, second: true)
        #expect(s.phone(second: true) == nil && s.secondMotionSlot == 0)
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
