/// The meter's three figures as a value: what the store's summaries and the gallery keep.
extension MovementMeter {
    /// Degrees tilted, degrees turned and seconds moving (see `MovementMeter`).
    public struct Figures: Equatable, Sendable {
        public var tiltDegrees: Double
        public var turnDegrees: Double
        public var activeSeconds: Double

        public init(tiltDegrees: Double, turnDegrees: Double, activeSeconds: Double) {
            self.tiltDegrees = tiltDegrees
            self.turnDegrees = turnDegrees
            self.activeSeconds = activeSeconds
        }
    }

    /// The figures now.
    public var figures: Figures {
        Figures(tiltDegrees: tiltDegrees, turnDegrees: turnDegrees, activeSeconds: activeSeconds)
    }
}
