import MarbleKit

extension App {
    /// Settings ▸ Voice: the voice off, or on again (clearing `--no-voice`); kept in the
    /// settings. Turned on, it says so.
    func toggleVoice() {
        preferences.toggleVoice()
        say(preferences.voiceOn ? tr("Voice on") : tr("Voice off"), for: 2)
        // Turned on, the narrator says so: the focused button is now "Voice: on".
    }
}
