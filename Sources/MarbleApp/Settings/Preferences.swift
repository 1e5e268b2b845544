import MarbleKit

/// The settings: the one owner of `Settings` in the app, with this run's overrides on top.
///
/// What the controls and the sound use is derived from it on every read (`controlOptions`,
/// `muted`), never copied. A choice made in the window is kept at once (through the
/// environment's settings persistence) and takes the place of the override for that setting.
public final class Preferences {
    /// The settings kept between launches.
    public private(set) var kept: Settings
    /// What the command line set for this run.
    public private(set) var overrides: RunOverrides
    // Keeps a change; a failure is reported, and the change still holds for this run.
    private let keep: (Settings) -> Void

    public init(_ kept: Settings = Settings(), overrides: RunOverrides = RunOverrides(), keep: @escaping (Settings) -> Void = { _ in }) {
        self.kept = kept
        self.overrides = overrides
        self.keep = keep
    }

    /// The settings in force: the kept ones with this run's overrides.
    public var settings: Settings { overrides.applied(to: kept) }

    /// The controls' options, as the settings in force say.
    public var controlOptions: ControlOptions {
        let s = settings
        return ControlOptions(sensitivity: s.sensitivity, invertX: overrides.invertX, invertY: s.invertY, leftHanded: s.leftHanded)
    }

    /// Whether the sound is off.
    public var muted: Bool { !settings.sound }

    /// The phone or handheld in force (`second`: marble 2's), and its calibration.
    public func motionAddress(second: Bool = false) -> DSUAddress? { settings.phone(second: second)?.address }
    public func motionCalibration(second: Bool = false) -> MotionCalibration? {
        motionAddress(second: second).flatMap { settings.motionCalibrations[$0] }
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

    /// Another phone (or none) for marble 1 (`second`: marble 2), kept; it takes the place of
    /// `--motion` (`--motion2`).
    func setMotionServer(_ address: DSUAddress?, second: Bool = false) {
        if second { overrides.secondMotion = nil } else { overrides.motion = nil }
        // Its slot is chosen beside the other phone in force (kept, or this run's), and only
        // this phone is kept: an override never finds its way into the file.
        var inForce = settings
        inForce.setPhone(address, second: second)
        let slot = inForce.phone(second: second)?.slot ?? 0
        change { $0.setPhone(address, slot: slot, second: second) }
    }

    /// The calibration of a phone in force, kept for its address.
    func setMotionCalibration(_ c: MotionCalibration, second: Bool = false) {
        guard let a = motionAddress(second: second) else { return }
        change { $0.motionCalibrations[a] = c }
    }

    private func change(_ edit: (inout Settings) -> Void) {
        var s = kept
        edit(&s)
        guard s != kept else { return }
        kept = s
        keep(s)
    }
}
