/// What a player sets once and keeps: kept in `settings.json` (see `SettingsFile`).
public struct Settings: Equatable, Sendable {
    /// Whether the toy makes sound (M mutes and unmutes).
    public var sound = true
    /// The scale the colours are heard in.
    public var scale = SoundScale.newton
    /// How far a tilt rolls the ball: a multiplier on every tilt input (slow 0.5, normal 1,
    /// fast 2; the file may hold any number, used within `sensitivityRange`), the tilt capped at 1 g.
    public var sensitivity = 1.0
    /// Up tilts towards the player instead of away.
    public var invertY = false
    /// The pad mirrored: the right stick tilts, the left one turns.
    public var leftHanded = false
    /// Every button a size larger, for small hands and unsteady pointing.
    public var bigButtons = false
    /// The phone or handheld sending motion over DSU, if any.
    public var motionServer: DSUAddress?
    /// Which of its server's pads it is (DSU slot 0–3); see `setPhone`.
    public var motionSlot: UInt8 = 0
    /// Marble 2's phone or handheld, in a drawing of two: another server, or another pad of
    /// the same one.
    public var secondMotionServer: DSUAddress?
    /// Which of its server's pads it is.
    public var secondMotionSlot: UInt8 = 0
    /// Each server's calibration (its frame in the pad's axes), by address: one for all of a
    /// server's pads, which are most often the same kind of device.
    public var motionCalibrations: [DSUAddress: MotionCalibration] = [:]

    public init(sound: Bool = true, scale: SoundScale = .newton, sensitivity: Double = 1,
                invertY: Bool = false, leftHanded: Bool = false, bigButtons: Bool = false) {
        self.sound = sound
        self.scale = scale
        self.sensitivity = sensitivity
        self.invertY = invertY
        self.leftHanded = leftHanded
        self.bigButtons = bigButtons
    }

    /// A phone (`second`: marble 2's) set to `address`, or none. It asks for the server's first
    /// pad, unless the other marble's phone is that server's pad already: then the next one, so
    /// two pads of one server (DS4Windows with two pads, a handheld's two controllers) are
    /// two marbles' without any setting of slots.
    public mutating func setPhone(_ address: DSUAddress?, second: Bool) {
        let other = second ? (motionServer, motionSlot) : (secondMotionServer, secondMotionSlot)
        setPhone(address, slot: address != nil && other.0 == address ? (other.1 == 0 ? 1 : 0) : 0, second: second)
    }

    /// A phone set to `address` and that server's pad `slot`.
    public mutating func setPhone(_ address: DSUAddress?, slot: UInt8, second: Bool) {
        if second { (secondMotionServer, secondMotionSlot) = (address, slot) } else { (motionServer, motionSlot) = (address, slot) }
    }

    /// A phone's server and slot (`second`: marble 2's), nil when none is set.
    public func phone(second: Bool) -> (address: DSUAddress, slot: UInt8)? {
        if second { return secondMotionServer.map { ($0, secondMotionSlot) } }
        return motionServer.map { ($0, motionSlot) }
    }

    /// The sensitivities used: a quarter to four times the plain tilt.
    public static let sensitivityRange: ClosedRange<Double> = 0.25...4

    /// A sensitivity brought into `sensitivityRange`; NaN or infinite gives 1.
    public static func clampedSensitivity(_ sensitivity: Double) -> Double {
        // A settings file could hold anything; NaN would poison every tilt after it.
        guard sensitivity.isFinite else { return 1 }
        return min(max(sensitivity, sensitivityRange.lowerBound), sensitivityRange.upperBound)
    }
}
