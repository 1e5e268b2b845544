/// The synthesizer with one step's buffer: renders each physics step and lends its frames.
///
/// The one place a step's frames are made, for the window (`SoundPlayer`) and for
/// `replay --wav` (`SoundRecorder`): the buffer is allocated once, so rendering never allocates.
///
/// A step with a second marble's voice is rendered by a second synthesizer of its own (its own
/// notes, levels, pan and knock) and mixed in: the two 16-bit streams added and clipped, so
/// a one-marble step's frames are exactly what they always were.
public final class StepSound {
    public private(set) var synthesizer: Synthesizer
    // The second marble's, once one is heard.
    private var secondSynthesizer: Synthesizer?
    private let buffer = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * Synthesizer.framesPerStep)
    private let secondBuffer = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * Synthesizer.framesPerStep)

    public init(scale: SoundScale) {
        synthesizer = Synthesizer(scale: scale)
    }

    deinit {
        buffer.deallocate()
        secondBuffer.deallocate()
    }

    /// Renders one step and hands its `framesPerStep` stereo frames to `take` (valid only there).
    public func render(_ step: SoundStep, _ take: (UnsafeBufferPointer<Int16>) -> Void) {
        synthesizer.render(step, into: buffer)
        if let second = step.secondStep {
            if secondSynthesizer == nil { secondSynthesizer = Synthesizer(scale: synthesizer.scale, noiseSeed: Synthesizer.secondNoiseSeed) }
            secondSynthesizer!.render(second, into: secondBuffer)
            for i in 0..<(2 * Synthesizer.framesPerStep) {
                buffer[i] = Int16(clamping: Int32(buffer[i]) + Int32(secondBuffer[i]))
            }
        }
        take(UnsafeBufferPointer(start: buffer, count: 2 * Synthesizer.framesPerStep))
    }

    /// Starts again from silence, in the same scale.
    public func restart() {
        synthesizer = Synthesizer(scale: synthesizer.scale)
        secondSynthesizer = nil
    }
}
