import MarbleKit

/// The drawing's sound in the window: the synthesizer fed by the open drawing's physics steps,
/// played on the platform's output unless muted.
///
/// The steps come from the drawing's session as it runs (`DrawingController` attaches
/// `listen`), so what is heard is a function of the input, exactly as `replay --wav` renders it.
public final class SoundPlayer {
    /// Where the sound goes; nil plays nothing (no device).
    public var output: SoundOutput?
    /// Whether the sound is off. Set by M (or the pad's West button) and by settings.
    public internal(set) var muted: Bool
    // The synthesizer and its step buffer: nothing allocates per step.
    private let sound: StepSound
    // The cheer playing (see SoundPlayer+Cheer.swift): its frames, how many went out, and for how long.
    var cheerSamples: [Int16] = []
    var cheerFramesPlayed = 0
    var cheerSeconds = 0.0

    public init(scale: SoundScale = .newton, muted: Bool = false) {
        sound = StepSound(scale: scale)
        self.muted = muted
    }

    /// Hears one physics step of the open drawing.
    public func listen(_ step: SoundStep) {
        guard !muted, let output else { return }
        sound.render(step) { output.play($0) }
    }

    /// A new drawing, or one reopened: the sound starts from silence.
    func restart() {
        sound.restart()
        stopCheer()
    }
}
