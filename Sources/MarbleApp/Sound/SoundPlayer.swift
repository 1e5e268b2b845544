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
    /// The synthesizer, and the scale it plays the colours in.
    public private(set) var synthesizer: Synthesizer
    // One step's frames, rendered here and handed to the output: nothing allocates per step.
    private let scratch = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * Synthesizer.framesPerStep)

    public init(scale: SoundScale = .newton, muted: Bool = false) {
        synthesizer = Synthesizer(scale: scale)
        self.muted = muted
    }

    deinit { scratch.deallocate() }

    /// Hears one physics step of the open drawing.
    public func listen(_ step: SoundStep) {
        guard !muted, let output else { return }
        synthesizer.render(step, into: scratch)
        output.play(UnsafeBufferPointer(start: scratch, count: 2 * Synthesizer.framesPerStep))
    }

    /// A new drawing, or one reopened: the sound starts from silence.
    func restart() {
        synthesizer = Synthesizer(scale: synthesizer.scale)
    }
}
