import MarbleKit

extension App {
    /// M or the pad's West button: sound off, or on again; kept in the settings.
    func toggleMute() {
        sound.muted.toggle()
        let on = !sound.muted
        preferences.change { $0.sound = on }
        say(on ? "Sound on" : "Sound off", for: 2)
    }
}
