import MarbleKit

/// The settings in force, and where a change is kept.
///
/// The one owner of `Settings` in the app: a change made in the window is saved at once
/// (through `keep`); options given for one run (`--mute`) change what is heard, not this.
public final class Preferences {
    public private(set) var settings: Settings
    // Saves a change; nil keeps changes for this run only (tests, `--store` sandboxes).
    private let keep: ((Settings) -> Void)?

    public init(_ settings: Settings = Settings(), keep: ((Settings) -> Void)? = nil) {
        self.settings = settings
        self.keep = keep
    }

    /// Changes the settings and keeps them.
    func change(_ edit: (inout Settings) -> Void) {
        var s = settings
        edit(&s)
        guard s != settings else { return }
        settings = s
        keep?(s)
    }
}
