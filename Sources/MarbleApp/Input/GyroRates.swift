/// Three gyroscope rates in rad/s, counter-clockwise positive, about the pad's X, Y and Z.
public struct GyroRates: Equatable, Sendable {
    /// About X (the pad's left–right axis).
    public var pitch: Double
    /// About Y (the pad's up axis).
    public var yaw: Double
    /// About Z (towards the player).
    public var roll: Double

    public init(pitch: Double, yaw: Double, roll: Double) {
        self.pitch = pitch
        self.yaw = yaw
        self.roll = roll
    }

    public static let zero = GyroRates(pitch: 0, yaw: 0, roll: 0)

    /// Whether all rates are finite.
    public var isFinite: Bool { pitch.isFinite && yaw.isFinite && roll.isFinite }
}
