import MarbleKit

/// The settings: the one owner of `Settings` in the app, with this run's overrides on top.
///
/// What the controls and the sound use is derived from the settings in force on every read
/// (`controlOptions`, `muted`), never copied. A choice made in the window is kept at once (through the
/// environment's settings persistence) and takes the place of the override for that setting.
public final class Preferences {
    /// The settings kept between launches.
    public private(set) var kept: Settings { didSet { settings = overrides.applied(to: kept) } }
    /// What the command line set for this run.
    public private(set) var overrides: RunOverrides { didSet { settings = overrides.applied(to: kept) } }
    /// The settings in force: the kept ones with this run's overrides. Worked out again on each
    /// change, not on each read: a frame reads them for every phone's every datagram.
    public private(set) var settings: Settings
    // Keeps a change; a failure is reported, and the change still holds for this run.
    private let keep: (Settings) -> Void

    public init(_ kept: Settings = Settings(), overrides: RunOverrides = RunOverrides(), keep: @escaping (Settings) -> Void = { _ in }) {
        self.kept = kept
        self.overrides = overrides
        self.keep = keep
        settings = overrides.applied(to: kept)
    }

    /// The controls' options, as the settings in force say.
    public var controlOptions: ControlOptions {
        let s = settings
        return ControlOptions(sensitivity: s.sensitivity, invertX: overrides.invertX, invertY: s.invertY, leftHanded: s.leftHanded)
    }

    /// Whether the sound is off.
    public var muted: Bool { !settings.sound }

    /// Whether the voice speaks.
    public var voiceOn: Bool { settings.voice }

    /// Phone `k`'s calibration (of its server), if one is kept.
    public func motionCalibration(phone k: Int) -> MotionCalibration? {
        settings.phone(k).flatMap { settings.motionCalibrations[$0.address] }
    }

    // MARK: - Choices made in the window

    func setSensitivity(_ value: Double) {
        overrides.sensitivity = nil
        change { $0.sensitivity = value }
    }

    func toggleInvertY() {
        let on = !settings.invertY
        overrides.invertY = false
        change { $0.invertY = on }
    }

    func toggleLeftHanded() {
        let on = !settings.leftHanded
        overrides.leftHanded = false
        change { $0.leftHanded = on }
    }

    func toggleBigButtons() {
        change { $0.bigButtons.toggle() }
    }

    /// Sound off, or on again (clearing `--mute`).
    func toggleSound() {
        let on = muted
        overrides.mute = false
        change { $0.sound = on }
    }

    /// The voice off, or on again (clearing `--no-voice`).
    func toggleVoice() {
        let on = !voiceOn
        overrides.noVoice = false
        change { $0.voice = on }
    }

    /// Phone `k` set to `address` (or forgotten), kept; it takes the place of this run's
    /// `--motion` phones. Its pad is chosen beside the other phones in force (kept, or this
    /// run's), and only the kept list is written: an override never finds its way into the file.
    func setPhone(_ address: DSUAddress?, at k: Int) {
        var inForce = settings
        inForce.setPhone(address, at: k)
        let slot = inForce.phone(k)?.slot ?? 0
        overrides.phones = []
        change { $0.setPhone(address, slot: slot, at: k) }
    }

    /// A server's calibration, kept for its address.
    func setMotionCalibration(_ c: MotionCalibration, for address: DSUAddress) {
        change { $0.motionCalibrations[address] = c }
    }

    private func change(_ edit: (inout Settings) -> Void) {
        var s = kept
        edit(&s)
        guard s != kept else { return }
        kept = s
        keep(s)
    }
}
