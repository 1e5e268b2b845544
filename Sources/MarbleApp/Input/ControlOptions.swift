import MarbleKit

/// The player's control settings: sensitivity, axis inversion and handedness.
public struct ControlOptions: Equatable, Sendable {
    /// The settings a new player starts with.
    public static let `default` = ControlOptions()

    /// Multiplies the combined tilt; always within `Settings.sensitivityRange`.
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

    /// A sensitivity brought into `Settings.sensitivityRange`; NaN or infinite gives 1.
    public static func clamped(_ sensitivity: Double) -> Double { Settings.clampedSensitivity(sensitivity) }
}
