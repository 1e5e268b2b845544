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
        let file = SettingsFile(path: dir.path("config/marble/settings.json"), io: .system)
        let s = Settings(sound: false, scale: .pridmore, sensitivity: 2, invertY: true, leftHanded: true)
        try file.save(s)
        let loaded = file.load()
        #expect(loaded.settings == s && loaded.warnings.isEmpty)
    }

    @Test("The phones' addresses and pads and each calibration are kept and read back exactly")
    func motionRoundTrip() throws {
        let dir = try TempFolder("settings")
        let file = SettingsFile(path: dir.path("settings.json"), io: .system)
        var s = Settings()
        let phone = DSUAddress(octets: [192, 168, 1, 20])
        s.setPhone(phone, at: 0)
        s.setPhone(DSUAddress(octets: [127, 0, 0, 1], port: 26761), at: 1)
        let turned = try MotionCalibration.learn(flat: Vec3(0, 9.8, 0), tipped: Vec3(0, 8.5, 4.9), turn: Vec3(-0.5, 0, 0)).get()
        s.motionCalibrations = [phone: turned, DSUAddress(octets: [127, 0, 0, 1], port: 26761): .identity]
        try file.save(s)
        let loaded = file.load()
        #expect(loaded.settings == s, "\(loaded.settings)")
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        let text = String(decoding: try #require(try Files.read(file.path, followingLinks: true, io: .system)), as: UTF8.self)
        #expect(text.contains(#"{"address": "192.168.1.20:26760", "pad": 0}"#), "\(text)")
        #expect(text.contains(#"{"address": "127.0.0.1:26761", "pad": 0}"#), "\(text)")
    }

    @Test("A bad phone or calibration is ignored with a line; null is no phone")
    func motionProblems() {
        let text = #"{"phones": [{"address": "192.168.1"}, {"address": "10.0.0.3", "pad": 7}, {"pad": 1}, {"address": "10.0.0.4", "pad": 2}], "motion_calibration": {"10.0.0.1": [1, 0, 0, 0, 2, 0, 0, 0, 1], "10.0.0.2": [1, 0, 0, 0, 1, 0, 0, 0, 1]}}"#
        guard case .success(let (s, problems)) = SettingsFile.decode(Array(text.utf8)) else {
            Issue.record("an object failed")
            return
        }
        #expect(s.phones == [Phone(address: DSUAddress(octets: [10, 0, 0, 4]), slot: 2)])
        #expect(s.motionCalibrations == [DSUAddress(octets: [10, 0, 0, 2]): .identity])
        #expect(problems.count == 4, "\(problems)")
        #expect(problems.contains { $0.contains("entry 2") && $0.contains("pad number") }, "\(problems)")
        guard case .success(let (n, none)) = SettingsFile.decode(Array(#"{"phones": null, "motion_calibration": 3}"#.utf8)) else {
            Issue.record("null failed")
            return
        }
        #expect(n.phones.isEmpty)
        #expect(none.count == 1, "\(none)")
    }

    @Test("A file of an earlier build: its motion_* and second_motion_* keys read as the first two phones; bad pads ignored with a line")
    func earlierKeys() throws {
        let old = #"{"motion_server": "192.168.1.20", "motion_slot": 0, "second_motion_server": "192.168.1.20", "second_motion_slot": 1}"#
        guard case .success(let (s, problems)) = SettingsFile.decode(Array(old.utf8)) else {
            Issue.record("an object failed")
            return
        }
        let server = DSUAddress(octets: [192, 168, 1, 20])
        #expect(s.phones == [Phone(address: server, slot: 0), Phone(address: server, slot: 1)] && problems.isEmpty, "\(problems)")
        let bad = #"{"second_motion_server": "10.0.0.9", "second_motion_slot": 4, "motion_slot": 1.5}"#
        guard case .success(let (b, badProblems)) = SettingsFile.decode(Array(bad.utf8)) else {
            Issue.record("an object failed")
            return
        }
        #expect(b.phones == [Phone(address: DSUAddress(octets: [10, 0, 0, 9]), slot: 0)])
        #expect(badProblems.count == 2 && badProblems.allSatisfy { $0.contains("pad number") }, "\(badProblems)")
        // Written back, they are a list.
        let text = String(decoding: SettingsFile.encode(s), as: UTF8.self)
        #expect(text.contains(#""phones": ["#) && !text.contains("second_motion"), "\(text)")
    }

    @Test("A phone set to a server another phone is on takes its next free pad; another server, its first; at most four")
    func phoneSlots() {
        var s = Settings()
        let a = DSUAddress(octets: [10, 0, 0, 1]), b = DSUAddress(octets: [10, 0, 0, 2])
        s.setPhone(a, at: 0)
        s.setPhone(a, at: 1)
        s.setPhone(a, at: 2)
        #expect(s.phones.map(\.slot) == [0, 1, 2])
        s.setPhone(b, at: 1)
        #expect(s.phone(1) == Phone(address: b, slot: 0))
        s.setPhone(a, at: 3)
        #expect(s.phone(3)?.slot == 1, "pad 2 of the first server is free again")
        s.setPhone(b, at: 4)
        #expect(s.phones.count == 4, "four at most")
        s.setPhone(nil, at: 1)
        #expect(s.phones.map(\.address) == [a, a, a], "the later phones move up")
    }

    @Test("Settings are read and written through the disk handed in (the environment's), naming the file when it fails")
    func throughTheSeam() throws {
        let dir = try TempFolder("settings")
        let path = dir.path("settings.json")
        try SettingsFile(path: path, io: .system).save(Settings(sound: false))
        let failing = SettingsFile(path: path, io: .failing(.ioFailed))
        let loaded = failing.load()
        #expect(loaded.settings == Settings(), "a file that cannot be read gives the defaults")
        #expect(loaded.warnings.count == 1 && loaded.warnings[0].hasPrefix(path + ": cannot be read"), "\(loaded.warnings)")
        #expect(throws: StoreError.self) { try failing.save(Settings(sound: true)) }
        #expect(SettingsFile(path: path, io: .system).load().settings == Settings(sound: false), "the failed save left the file as it was")
    }

    @Test("A missing file is the defaults, quietly")
    func missing() throws {
        let dir = try TempFolder("settings")
        let loaded = SettingsFile(path: dir.path("none.json"), io: .system).load()
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
        let loaded = SettingsFile(path: path, io: .system).load()
        #expect(loaded.settings == Settings())
        #expect(loaded.warnings.count == 1 && loaded.warnings[0].hasPrefix(path))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(String(decoding: dir.bytes("settings.json.damaged"), as: UTF8.self) == "{ \"sound\": fal")
        for bad in ["[1, 2]", "\"text\"", "", "\u{0}\u{1}"] {
            _ = try dir.write(bad, to: "settings.json")
            #expect(SettingsFile(path: path, io: .system).load().settings == Settings(), "\(bad)")
        }
    }
}
