/// What the synthesizer hears of one physics step (1/240 s): one voice a marble, in the
/// marbles' order.
public struct SoundStep: Equatable, Sendable {
    /// Each marble's part of the step, each heard by a voice of its own (`StepSound`).
    public var voices: [SoundVoice]

    public init(_ voices: [SoundVoice]) {
        self.voices = voices
    }

    /// One marble (marble 0) at rest in the middle, pen up: silence.
    public static let rest = SoundStep([.rest])
}

/// One marble's part of a physics step, as its voice hears it.
public struct SoundVoice: Equatable, Sendable {
    /// Which marble it is (0 for the first): it keeps its own voice from step to step.
    public var marble: Int
    /// The ball across the board: 0 at the left wall, 1 at the right (the stereo position).
    public var pan: Double
    /// The ball's speed, in px/s.
    public var speed: Double
    /// Whether the pen paints: only then is the colour's note heard.
    public var penDown: Bool
    /// The heading in degrees, which is the hue.
    public var hue: Double
    /// How fast the ball struck a wall or another marble during this step (px/s); 0 for none.
    public var impact: Double

    public init(marble: Int = 0, pan: Double, speed: Double, penDown: Bool, hue: Double, impact: Double = 0) {
        self.marble = marble
        self.pan = pan
        self.speed = speed
        self.penDown = penDown
        self.hue = hue
        self.impact = impact
    }

    /// Marble 0 at rest in the middle, pen up: silence.
    public static let rest = SoundVoice(pan: 0.5, speed: 0, penDown: false, hue: 0)
}
