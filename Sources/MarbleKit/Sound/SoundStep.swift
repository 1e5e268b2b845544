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
    /// The second marble's voice in a drawing of two: heard beside the first, panned by its own x.
    public var second: Voice?

    /// One marble's part of a step: what `SoundStep`'s own fields are for the first.
    public struct Voice: Equatable, Sendable {
        public var pan: Double
        public var speed: Double
        public var penDown: Bool
        public var hue: Double
        public var impact: Double

        public init(pan: Double, speed: Double, penDown: Bool, hue: Double, impact: Double = 0) {
            self.pan = pan
            self.speed = speed
            self.penDown = penDown
            self.hue = hue
            self.impact = impact
        }
    }

    /// The second voice as a step of its own, for a synthesizer of its own.
    var secondStep: SoundStep? {
        second.map { SoundStep(pan: $0.pan, speed: $0.speed, penDown: $0.penDown, hue: $0.hue, impact: $0.impact) }
    }

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
