import MarbleKit

/// The settings screen's choices: each is kept at once and takes effect at once (the controls
/// and the sound read the settings on every frame).
extension App {
    func chooseSpeed(_ speed: Speed) { preferences.setSensitivity(speed.rawValue) }
    func toggleInvertY() { preferences.toggleInvertY() }
    func toggleLeftHanded() { preferences.toggleLeftHanded() }
    func toggleBigButtons() { preferences.toggleBigButtons() }
}
