import MarbleKit

/// The drawing's sound in the window: the synthesizer fed by the open drawing's physics steps,
/// played through the environment's `playSound` (the app does not call it while muted).
///
/// The steps come from the drawing's session as it runs (`DrawingController` attaches
/// `listen`), so what is heard is a function of the input, exactly as `replay --wav` renders it.
public final class SoundPlayer {
    /// Where the sound goes; nil plays nothing (no device).
    let output: Environment.SoundSink?
    // The synthesizer and its step buffer: nothing allocates per step.
    private let sound: StepSound
    // The cheer playing (see SoundPlayer+Cheer.swift): its frames, how many went out, and for how long.
    var cheerSamples: [Int16] = []
    var cheerFramesPlayed = 0
    var cheerSeconds = 0.0

    public init(scale: SoundScale = .newton, output: Environment.SoundSink?) {
        sound = StepSound(scale: scale)
        self.output = output
    }

    /// Hears one physics step of the open drawing.
    public func listen(_ step: SoundStep) {
        guard let output else { return }
        sound.render(step) { output($0) }
    }

    /// A new drawing, or one reopened: the sound starts from silence.
    func restart() {
        sound.restart()
        stopCheer()
    }
}
