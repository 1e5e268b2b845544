/// The synthesizer with one step's buffer: renders each physics step and lends its frames.
///
/// The one place a step's frames are made, for the window (`SoundPlayer`) and for
/// `replay --wav` (`SoundRecorder`): the buffer is allocated once, so rendering never allocates.
public final class StepSound {
    public private(set) var synthesizer: Synthesizer
    private let buffer = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * Synthesizer.framesPerStep)

    public init(scale: SoundScale) {
        synthesizer = Synthesizer(scale: scale)
    }

    deinit { buffer.deallocate() }

    /// Renders one step and hands its `framesPerStep` stereo frames to `take` (valid only there).
    public func render(_ step: SoundStep, _ take: (UnsafeBufferPointer<Int16>) -> Void) {
        synthesizer.render(step, into: buffer)
        take(UnsafeBufferPointer(start: buffer, count: 2 * Synthesizer.framesPerStep))
    }

    /// Starts again from silence, in the same scale.
    public func restart() {
        synthesizer = Synthesizer(scale: synthesizer.scale)
    }
}
