import Foundation

/// `settings.json`: where `Settings` live between launches.
///
/// `$XDG_CONFIG_HOME/marble/settings.json`, else `~/.config/marble/settings.json` (the path
/// comes from `UserFolders.settings`). Written
/// atomically. A file that cannot be read as settings costs nothing but itself: the defaults
/// are used, one line names the file, and the file is kept aside (renamed, never deleted).
public struct SettingsFile: Sendable {
    public let path: String
    /// The environment's reads and writes (tests hand in a failing disk).
    public let io: FileIO

    public init(path: String, io: FileIO) {
        self.path = path
        self.io = io
    }

    /// What a load found: the settings, and anything to tell the user.
    public struct Loaded: Sendable {
        public var settings: Settings
        public var warnings: [String]

        public init(settings: Settings, warnings: [String] = []) {
            self.settings = settings
            self.warnings = warnings
        }
    }

    /// Reads the settings; a missing file gives the defaults quietly.
    public func load() -> Loaded {
        let bytes: [UInt8]
        do {
            guard let read = try Files.read(path, followingLinks: true, io: io) else { return Loaded(settings: Settings(), warnings: []) }
            bytes = read
        } catch {
            return Loaded(settings: Settings(), warnings: ["\(path): cannot be read (\(error)); using the default settings"])
        }
        switch Self.decode(bytes) {
        case .success(let (settings, problems)):
            return Loaded(settings: settings, warnings: problems.map { "\(path): \($0)" })
        case .failure(let why):
            let aside = keepAside()
            return Loaded(settings: Settings(), warnings: [
                "\(path): \(why); using the default settings" + (aside.map { " (the file is kept as \($0))" } ?? ""),
            ])
        }
    }

    /// Writes the settings atomically, making the folder if needed.
    public func save(_ settings: Settings) throws(StoreError) {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try Files.makeFolder(String(path[..<slash]))
        }
        do {
            try AtomicFile.write(Self.encode(settings), to: path, io: io)
        } catch {
            throw error.storeError
        }
    }

    // MARK: - The format

    /// The file's text: a JSON object, one key per line, stable order.
    public static func encode(_ s: Settings) -> [UInt8] {
        let sensitivity = s.sensitivity.isFinite ? "\(s.sensitivity)" : "1"
        let phones = s.phones.map { "{\"address\": \"\($0.address.withPort)\", \"pad\": \($0.slot)}" }
        let phoneList = phones.isEmpty ? "[]" : "[\n" + phones.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]"
        let calibrations = s.motionCalibrations.sorted { $0.key.withPort < $1.key.withPort }.map { address, c in
            "    \"\(address.withPort)\": [\(c.numbers.map { "\($0)" }.joined(separator: ", "))]"
        }
        let calibrationObject = calibrations.isEmpty ? "{}" : "{\n" + calibrations.joined(separator: ",\n") + "\n  }"
        return Array("""
            {
              "sound": \(s.sound),
              "voice": \(s.voice),
              "scale": "\(s.scale.rawValue)",
              "sensitivity": \(sensitivity),
              "invert_y": \(s.invertY),
              "left_handed": \(s.leftHanded),
              "big_buttons": \(s.bigButtons),
              "phones": \(phoneList),
              "motion_calibration": \(calibrationObject)
            }

            """.utf8)
    }

    /// Settings from a file's bytes: keys of the wrong kind are ignored (with a problem each),
    /// unknown keys are ignored; anything but a JSON object is a failure.
    public static func decode(_ bytes: [UInt8]) -> Result<(Settings, [String]), SettingsError> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
            return .failure(SettingsError("is not valid JSON"))
        }
        guard object is [String: Any], let dict = SettingsValue.object(bytes) else {
            return .failure(SettingsError("is not a JSON object"))
        }
        var s = Settings()
        var problems: [String] = []
        func flag(_ key: String, _ set: (Bool) -> Void) {
            guard let v = dict[key] else { return }
            if case .bool(let b) = v { set(b) } else { problems.append("\"\(key)\" must be true or false; ignored") }
        }
        flag("sound") { s.sound = $0 }
        flag("voice") { s.voice = $0 }
        flag("invert_y") { s.invertY = $0 }
        flag("left_handed") { s.leftHanded = $0 }
        flag("big_buttons") { s.bigButtons = $0 }
        if let v = dict["sensitivity"] {
            if case .number(let n) = v, n.isFinite, n > 0 {
                s.sensitivity = n
            } else {
                problems.append("\"sensitivity\" must be a number above 0; ignored")
            }
        }
        if let v = dict["scale"] {
            if case .string(let name) = v, let scale = SoundScale(rawValue: name) {
                s.scale = scale
            } else {
                problems.append("\"scale\" must be \(SoundScale.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")); ignored")
            }
        }
        decodeMotion(bytes, dict, into: &s, problems: &problems)
        return .success((s, problems))
    }

    /// The phones (their addresses and pads) and calibrations: a bad one is ignored with a
    /// problem, as any key is. Files of earlier builds name at most two phones in their own keys
    /// (`motion_server`, `motion_slot`, `second_motion_server`, `second_motion_slot`): read
    /// when there is no `phones` list.
    static func decodeMotion(_ bytes: [UInt8], _ dict: [String: SettingsValue], into s: inout Settings, problems: inout [String]) {
        func server(_ key: String, _ set: (DSUAddress) -> Void) {
            guard let v = dict[key] else { return }
            switch v {
            case .string(let text):
                switch DSUAddress.parse(text) {
                case .success(let a): set(a)
                case .failure(let e): problems.append("\"\(key)\": \(e); ignored")
                }
            case .other where SettingsValue.isNull(bytes, key: key): break
            default: problems.append("\"\(key)\" must be an address such as \"192.168.1.20\"; ignored")
            }
        }
        func slot(_ key: String, _ set: (UInt8) -> Void) {
            guard let v = dict[key] else { return }
            if case .number(let n) = v, n == n.rounded(), (0...3).contains(n) { set(UInt8(n)) } else {
                problems.append("\"\(key)\" must be a pad number from 0 to 3; ignored")
            }
        }
        if dict["phones"] != nil {
            // null is no phone, quietly.
            if !SettingsValue.isNull(bytes, key: "phones") { decodePhones(bytes, into: &s, problems: &problems) }
        } else {
            // The keys of earlier builds: the first phone, then the one they called marble 2's.
            var legacy: [(DSUAddress?, UInt8)] = [(nil, 0), (nil, 0)]
            server("motion_server") { legacy[0].0 = $0 }
            slot("motion_slot") { legacy[0].1 = $0 }
            server("second_motion_server") { legacy[1].0 = $0 }
            slot("second_motion_slot") { legacy[1].1 = $0 }
            for case (let address?, let slot) in legacy { s.phones.append(Phone(address: address, slot: slot)) }
        }
        guard dict["motion_calibration"] != nil else { return }
        guard let table = SettingsValue.numberLists(bytes, key: "motion_calibration") else {
            problems.append("\"motion_calibration\" must map addresses to nine numbers; ignored")
            return
        }
        for (text, numbers) in table.sorted(by: { $0.key < $1.key }) {
            guard case .success(let a) = DSUAddress.parse(text), let c = MotionCalibration(numbers: numbers) else {
                problems.append("\"motion_calibration\" for \"\(text)\" is not a calibration; ignored")
                continue
            }
            s.motionCalibrations[a] = c
        }
    }

    /// The `phones` list: objects with an `address` and a `pad` (0–3); a bad entry is ignored
    /// with a problem, and entries past `Settings.maxPhones`.
    static func decodePhones(_ bytes: [UInt8], into s: inout Settings, problems: inout [String]) {
        struct Entry: Decodable {
            let address: String?
            let pad: Double?
        }
        struct File: Decodable { let phones: [Entry?]? }
        guard let entries = (try? JSONDecoder().decode(File.self, from: Data(bytes)))?.phones else {
            problems.append("\"phones\" must be a list of {\"address\": \"192.168.1.20\", \"pad\": 0}; ignored")
            return
        }
        for (k, entry) in entries.enumerated() {
            guard s.phones.count < Settings.maxPhones else {
                problems.append("\"phones\" lists more than \(Settings.maxPhones); the rest are ignored")
                break
            }
            guard let entry, let text = entry.address else {
                problems.append("\"phones\" entry \(k + 1) has no \"address\"; ignored")
                continue
            }
            guard case .success(let a) = DSUAddress.parse(text) else {
                problems.append("\"phones\" entry \(k + 1): \"\(text.prefix(60))\" is not an address; ignored")
                continue
            }
            let pad = entry.pad ?? 0
            guard pad == pad.rounded(), (0...3).contains(pad) else {
                problems.append("\"phones\" entry \(k + 1): \"pad\" must be a pad number from 0 to 3; ignored")
                continue
            }
            s.phones.append(Phone(address: a, slot: UInt8(pad)))
        }
    }

    /// Renames a bad file out of the way; returns its new path.
    func keepAside() -> String? {
        var target = path + ".damaged"
        var n = 1
        while Files.exists(target) && n < 1000 { n += 1; target = path + ".damaged-\(n)" }
        return POSIX.rename(path, target) == 0 ? target : nil
    }
}

/// Why a settings file could not be read as settings.
public struct SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    init(_ d: String) { description = d }
}
