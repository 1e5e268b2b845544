extension App {
    /// Says `text` (already through `tr`) with the voice, when the voice is on; nothing otherwise.
    func speak(_ text: String, interrupts: Bool = true) {
        guard preferences.voiceOn else { return }
        run.ask(.speak(Speech(text, language: Words.current.language, interrupts: interrupts)))
    }
}
