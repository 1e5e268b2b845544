import MarbleKit

/// The settings screen's choices: each is kept at once and takes effect at once.
extension App {
    func chooseSpeed(_ speed: Speed) {
        preferences.change { $0.sensitivity = speed.rawValue }
        applySettings()
    }

    func toggleInvertY() {
        preferences.change { $0.invertY.toggle() }
        applySettings()
    }

    func toggleLeftHanded() {
        preferences.change { $0.leftHanded.toggle() }
        applySettings()
    }

    func toggleBigButtons() {
        preferences.change { $0.bigButtons.toggle() }
    }

    /// The controls as the settings say (`--invert-x` stays as the run began).
    func applySettings() {
        let s = preferences.settings
        input.controls.options.sensitivity = s.sensitivity
        input.controls.options.invertY = s.invertY
        input.controls.options.leftHanded = s.leftHanded
    }
}

extension ControlOptions {
    /// The options the settings describe.
    public init(_ settings: Settings) {
        self.init(sensitivity: settings.sensitivity, invertY: settings.invertY, leftHanded: settings.leftHanded)
    }
}
