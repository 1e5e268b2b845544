import ArgumentParser
import MarbleKit

/// `marble settings`: shows the kept settings, or changes some of them.
///
/// For a parent or teacher setting the toy up from a shell (several classroom machines alike);
/// the window's settings screen changes the same file.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show the settings the window keeps, or change them (settings.json).",
        discussion: """
            With no option, prints settings.json's path and what is in force. Each option \
            changes one setting and keeps it: the file is written atomically, so it holds the old \
            settings or the new ones, never a part.
            """)

    @Option(help: ArgumentHelp("Tilt sensitivity, \(Settings.sensitivityRange.lowerBound) to \(Settings.sensitivityRange.upperBound).", valueName: "X"))
    var sensitivity: Double?

    @Option(help: ArgumentHelp("Sound on or off.", valueName: "on|off"))
    var sound: Toggle?

    @Option(help: ArgumentHelp("Up tilts towards the player.", valueName: "on|off"))
    var invertY: Toggle?

    @Option(help: ArgumentHelp("The right stick tilts, the left one turns.", valueName: "on|off"))
    var leftHanded: Toggle?

    @Option(help: ArgumentHelp("Every button a size larger.", valueName: "on|off"))
    var bigButtons: Toggle?

    enum Toggle: String, ExpressibleByArgument {
        case on, off
        var isOn: Bool { self == .on }
    }

    func validate() throws {
        if let s = sensitivity, !Settings.sensitivityRange.contains(s) {
            throw ValidationError("--sensitivity must be \(Settings.sensitivityRange.lowerBound) to \(Settings.sensitivityRange.upperBound), not \(s).")
        }
    }

    func run() throws {
        let file = SettingsFile(path: UserFolders.current.settings, io: Environment.live().io)
        let loaded = file.load()
        for warning in loaded.warnings { complain(warning) }
        var s = loaded.settings
        if let sensitivity { s.sensitivity = sensitivity }
        if let sound { s.sound = sound.isOn }
        if let invertY { s.invertY = invertY.isOn }
        if let leftHanded { s.leftHanded = leftHanded.isOn }
        if let bigButtons { s.bigButtons = bigButtons.isOn }
        if s != loaded.settings {
            try storeCall { () throws(StoreError) in try file.save(s) }
        }
        print(file.path)
        print(String(decoding: SettingsFile.encode(s), as: UTF8.self), terminator: "")
    }
}
