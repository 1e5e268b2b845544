/// What the synthesizer hears of one physics step (1/240 s).
public struct SoundStep: Equatable, Sendable {
    /// The ball across the board: 0 at the left wall, 1 at the right (the stereo position).
    public var pan: Double
    /// The ball's speed, in px/s.
    public var speed: Double
    /// Whether the pen paints: only then is the colour's note heard.
    public var penDown: Bool
    /// The heading in degrees, which is the hue.
    public var hue: Double
    /// How fast the ball struck a wall during this step (its speed into the wall, px/s); 0 for none.
    public var impact: Double
    /// In a drawing of several marbles, marbles 2…N's parts of the step, each heard beside
    /// the first by a voice of its own, panned by its own x (none of them has any of its own).
    public var alongside: [SoundStep] = []

    public init(pan: Double, speed: Double, penDown: Bool, hue: Double, impact: Double = 0) {
        self.pan = pan
        self.speed = speed
        self.penDown = penDown
        self.hue = hue
        self.impact = impact
    }

    /// A ball at rest in the middle, pen up: silence.
    public static let rest = SoundStep(pan: 0.5, speed: 0, penDown: false, hue: 0)
}
