/// How tilt moves the ball.
public enum PhysicsMode: String, CaseIterable, Sendable, Codable {
    /// Tilt is acceleration; the ball keeps its momentum and bounces off the walls.
    case real
    /// Tilt is velocity; the ball stops when the board is level and slides along the walls.
    case fake
}
