import MarbleKit

extension App {
    /// M or the pad's West button: sound off, or on again; kept in the settings.
    func toggleMute() {
        preferences.toggleSound()
        if preferences.muted { sound.stopCheer() }
        say(preferences.muted ? tr("Sound off") : tr("Sound on"), for: 2)
    }
}
