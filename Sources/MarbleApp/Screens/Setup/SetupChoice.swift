import MarbleKit

/// What the setup screen has chosen for the next drawing.
public struct SetupChoice: Equatable, Sendable {
    public var mode: PhysicsMode = .real
    public var difficulty: Difficulty = .normal

    /// The new drawing's configuration.
    var configuration: SessionConfiguration { SessionConfiguration(mode: mode, difficulty: difficulty) }
}
