/// Where the ball is and how fast it moves, in canvas pixels (x right, y down).
public struct BallState: Equatable, Sendable, Codable {
    public var position: Vec2
    public var velocity: Vec2

    public init(position: Vec2, velocity: Vec2 = .zero) {
        self.position = position
        self.velocity = velocity
    }
}
