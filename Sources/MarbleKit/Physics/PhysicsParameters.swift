/// The numbers that shape the ball's motion and its trail.
///
/// Units: pixels and seconds; tilt is in g (1 = the board on its edge).
public struct PhysicsParameters: Equatable, Sendable, Codable {
    /// Real physics: acceleration per unit of tilt, in px/s² per g.
    public var accelPerTilt: Double
    /// Fake physics: speed per unit of tilt, in px/s per g.
    public var speedPerTilt: Double
    /// Real physics: velocity damping, in 1/s (rolling friction; 0 rolls forever).
    public var damping: Double
    /// Real physics: the fraction of speed kept when bouncing off a wall.
    public var restitution: Double
    /// The ball's radius in px; its centre stays at least this far from every edge.
    public var ballRadius: Double
    /// The trail's width in px.
    public var penWidth: Double

    public init(
        accelPerTilt: Double, speedPerTilt: Double, damping: Double,
        restitution: Double, ballRadius: Double, penWidth: Double
    ) {
        self.accelPerTilt = accelPerTilt
        self.speedPerTilt = speedPerTilt
        self.damping = damping
        self.restitution = restitution
        self.ballRadius = ballRadius
        self.penWidth = penWidth
    }
}

extension PhysicsParameters {
    /// The preset for a difficulty (the README tables these).
    ///
    /// Normal keeps the original app's 750 px/s² per g. Easy is slower and soaks up bounces;
    /// hard is quick, slippery and bouncy, with a small ball and a fine pen.
    public static func preset(_ difficulty: Difficulty) -> PhysicsParameters {
        switch difficulty {
        case .easy:
            return PhysicsParameters(
                accelPerTilt: 450, speedPerTilt: 300, damping: 1.5,
                restitution: 0.3, ballRadius: 22, penWidth: 16)
        case .normal:
            return PhysicsParameters(
                accelPerTilt: 750, speedPerTilt: 450, damping: 0.6,
                restitution: 0.5, ballRadius: 16, penWidth: 10)
        case .hard:
            return PhysicsParameters(
                accelPerTilt: 1100, speedPerTilt: 650, damping: 0.15,
                restitution: 0.8, ballRadius: 11, penWidth: 6)
        }
    }

    /// Whether every parameter is finite and in its range.
    public var validationError: String? {
        if !(accelPerTilt.isFinite && accelPerTilt >= 0) { return "accel per tilt must be a finite number ≥ 0" }
        if !(speedPerTilt.isFinite && speedPerTilt >= 0) { return "speed per tilt must be a finite number ≥ 0" }
        if !(damping.isFinite && damping >= 0 && damping <= 1000) { return "damping must be between 0 and 1000 per second" }
        if !(restitution.isFinite && restitution >= 0 && restitution <= 1) { return "restitution must be between 0 and 1" }
        if !(ballRadius.isFinite && ballRadius >= 0) { return "ball radius must be a finite number ≥ 0" }
        if !(penWidth.isFinite && penWidth > 0 && penWidth <= 1000) { return "pen width must be between 0 and 1000 px" }
        return nil
    }
}
