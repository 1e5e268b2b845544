import Foundation

/// Where the user's files go, by the XDG base-directory rules: the one place that reads
/// `$HOME` and the `$XDG_*` variables.
public struct UserFolders: Equatable, Sendable {
    /// The drawing store: `$MARBLE_HOME`, else `$XDG_DATA_HOME/marble`, else `~/.local/share/marble`.
    public var store: String
    /// `settings.json`: `$XDG_CONFIG_HOME/marble/settings.json`, else `~/.config/marble/settings.json`.
    public var settings: String
    /// Where the window saves pictures, logs and time-lapses: `$XDG_PICTURES_DIR/Marble`,
    /// else `~/Pictures/Marble`.
    public var pictures: String
    /// The user's photos, offered to paint over: `$XDG_PICTURES_DIR`, else `~/Pictures`.
    public var photos: String

    /// The folders the variables name (an XDG variable counts only when it is an absolute
    /// path, as the specification says; `$HOME` unset falls back to the password database's).
    public init(variables env: [String: String]) {
        let home = env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func xdg(_ name: String) -> String? { env[name].flatMap { $0.hasPrefix("/") ? $0 : nil } }
        if let marble = env["MARBLE_HOME"], !marble.isEmpty {
            store = marble
        } else {
            store = (xdg("XDG_DATA_HOME") ?? home + "/.local/share") + "/marble"
        }
        settings = (xdg("XDG_CONFIG_HOME") ?? home + "/.config") + "/marble/settings.json"
        photos = xdg("XDG_PICTURES_DIR") ?? home + "/Pictures"
        pictures = photos + "/Marble"
    }

    /// This process's folders.
    public static var current: UserFolders { UserFolders(variables: ProcessInfo.processInfo.environment) }
}
