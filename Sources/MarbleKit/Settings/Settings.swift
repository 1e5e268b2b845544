/// What a player sets once and keeps: kept in `settings.json` (see `SettingsFile`).
public struct Settings: Equatable, Sendable {
    /// Whether the toy makes sound (M mutes and unmutes).
    public var sound = true
    /// Whether the voice speaks (greetings, the buttons' names, hints): on by default, for
    /// children who cannot read yet.
    public var voice = true
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
    /// The phones or handhelds sending motion over DSU, in order (at most `maxPhones`): each
    /// one more device that takes a player when it sends.
    public var phones: [Phone] = []
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

    /// The most phones kept: one a player.
    public static let maxPhones = SessionConfiguration.maxMarbles

    /// Phone `index` (0-based, at most `phones.count`: a new one goes last) set to `address`,
    /// or forgotten (nil: the phones after it move up). It asks for the server's first pad no
    /// other phone in the list asks for, so the same address typed twice is two pads of one
    /// server (DS4Windows with two pads, a handheld's two controllers), with no slots to set.
    public mutating func setPhone(_ address: DSUAddress?, at index: Int) {
        guard let address else { return setPhone(nil, slot: 0, at: index) }
        let taken = Set(phones.enumerated().filter { $0.offset != index && $0.element.address == address }.map(\.element.slot))
        setPhone(address, slot: (0...3).first { !taken.contains($0) } ?? 0, at: index)
    }

    /// Phone `index` set to `address` and that server's pad `slot` (nil: forgotten).
    public mutating func setPhone(_ address: DSUAddress?, slot: UInt8, at index: Int) {
        guard index >= 0 else { return }
        guard let address else {
            if index < phones.count { phones.remove(at: index) }
            return
        }
        let phone = Phone(address: address, slot: min(slot, 3))
        if index < phones.count { phones[index] = phone } else if phones.count < Self.maxPhones { phones.append(phone) }
    }

    /// Phone `index`, nil when there is none.
    public func phone(_ index: Int) -> Phone? { phones.indices.contains(index) ? phones[index] : nil }

    /// The sensitivities used: a quarter to four times the plain tilt.
    public static let sensitivityRange: ClosedRange<Double> = 0.25...4

    /// A sensitivity brought into `sensitivityRange`; NaN or infinite gives 1.
    public static func clampedSensitivity(_ sensitivity: Double) -> Double {
        // A settings file could hold anything; NaN would poison every tilt after it.
        guard sensitivity.isFinite else { return 1 }
        return min(max(sensitivity, sensitivityRange.lowerBound), sensitivityRange.upperBound)
    }
}

/// A phone or handheld sending motion over DSU: its server, and which of the server's pads.
public struct Phone: Equatable, Hashable, Sendable {
    public var address: DSUAddress
    /// The server's pad (DSU slot 0–3).
    public var slot: UInt8

    public init(address: DSUAddress, slot: UInt8 = 0) {
        self.address = address
        self.slot = slot
    }
}
