/// What a player sets once and keeps: kept in `settings.json` (see `SettingsFile`).
public struct Settings: Equatable, Sendable {
    /// Whether the toy makes sound (M mutes and unmutes).
    public var sound = true
    /// The scale the colours are heard in.
    public var scale = SoundScale.newton

    public init(sound: Bool = true, scale: SoundScale = .newton) {
        self.sound = sound
        self.scale = scale
    }
}
