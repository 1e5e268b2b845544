/// What a drawing session is set up with; fixed for the drawing's life.
public struct SessionConfiguration: Equatable, Sendable, Codable {
    public var mode: PhysicsMode
    public var difficulty: Difficulty
    public var parameters: PhysicsParameters
    public var canvasWidth: Int
    public var canvasHeight: Int
    public var background: RGBA8
    /// How many marbles draw on the canvas: 1 to `maxMarbles` (children drawing together).
    public var marbles = 1

    /// The most marbles a drawing has.
    public static let maxMarbles = 4

    /// Physics steps per second: the step is exactly 1/240 s, counted in whole steps.
    public static let stepsPerSecond = 240
    /// The default canvas, in px.
    public static let defaultSize = (width: 1280, height: 800)
    /// How long a sample's tilt is held when no newer sample comes, in s (see the README).
    public static let holdLimit = 1.0
    /// The trail gets a new point once the ball has moved this far, in px.
    public static let pieceLength = 2.0
    /// The latest time accepted after the first sample, in s (about 115 days).
    public static let maxDuration = 1e7

    public init(
        mode: PhysicsMode = .real, difficulty: Difficulty = .normal, parameters: PhysicsParameters? = nil,
        canvasWidth: Int = defaultSize.width, canvasHeight: Int = defaultSize.height, background: RGBA8 = .paper
    ) {
        self.mode = mode
        self.difficulty = difficulty
        self.parameters = parameters ?? .preset(difficulty)
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.background = background
    }

    /// What is wrong with the configuration, if anything.
    public var validationError: String? {
        if canvasWidth < 1 || canvasHeight < 1 || canvasWidth > Canvas.maxSide || canvasHeight > Canvas.maxSide {
            return "canvas size must be between 1×1 and \(Canvas.maxSide)×\(Canvas.maxSide)"
        }
        if !(1...Self.maxMarbles).contains(marbles) { return "a drawing has 1 to \(Self.maxMarbles) marbles, not \(marbles)" }
        return parameters.validationError
    }
}
