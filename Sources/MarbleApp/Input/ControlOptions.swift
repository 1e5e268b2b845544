/// The player's control settings: sensitivity, axis inversion and handedness.
public struct ControlOptions: Equatable, Sendable {
    /// The allowed sensitivities: a quarter to four times the plain tilt.
    public static let sensitivityRange: ClosedRange<Double> = 0.25...4

    /// The settings a new player starts with.
    public static let `default` = ControlOptions()

    /// Multiplies the combined tilt; always within `sensitivityRange`.
    public var sensitivity: Double {
        didSet { sensitivity = Self.clamped(sensitivity) }
    }
    /// Flips the tilt's x (left ↔ right).
    public var invertX: Bool
    /// Flips the tilt's y (up ↔ down).
    public var invertY: Bool
    /// Mirrors the pad: the right stick tilts, the left stick turns, the shoulders swap direction.
    public var leftHanded: Bool

    public init(sensitivity: Double = 1, invertX: Bool = false, invertY: Bool = false, leftHanded: Bool = false) {
        self.sensitivity = Self.clamped(sensitivity)
        self.invertX = invertX
        self.invertY = invertY
        self.leftHanded = leftHanded
    }

    /// A sensitivity brought into `sensitivityRange`; NaN or infinite gives 1.
    public static func clamped(_ sensitivity: Double) -> Double {
        // A settings file could hold anything; NaN would poison every tilt after it.
        guard sensitivity.isFinite else { return 1 }
        return min(max(sensitivity, sensitivityRange.lowerBound), sensitivityRange.upperBound)
    }
}
