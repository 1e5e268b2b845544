/// The synthesizer with one step's buffer: renders each physics step and lends its frames.
///
/// The one place a step's frames are made, for the window (`SoundPlayer`) and for
/// `replay --wav` (`SoundRecorder`): the buffer is allocated once, so rendering never allocates.
///
/// Each marble is a voice: marbles 2…N's (`SoundStep.alongside`) are rendered by synthesizers
/// of their own (their own notes, levels, pan, knock and rumble noise) and mixed in. Two voices
/// are added and clipped, as a one-marble step's frames are exactly what they always were; with
/// more, the sum is scaled by 2/N, so four are no louder than two at their loudest and never clip.
public final class StepSound {
    public private(set) var synthesizer: Synthesizer
    // Marbles 2…N's voices, each made when first heard, and the buffer each renders into.
    private var voices: [Synthesizer] = []
    private let buffer = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * Synthesizer.framesPerStep)
    private let voiceBuffer = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * Synthesizer.framesPerStep)
    private let mix = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * Synthesizer.framesPerStep)

    public init(scale: SoundScale) {
        synthesizer = Synthesizer(scale: scale)
    }

    deinit {
        buffer.deallocate()
        voiceBuffer.deallocate()
        mix.deallocate()
    }

    /// Renders one step and hands its `framesPerStep` stereo frames to `take` (valid only there).
    public func render(_ step: SoundStep, _ take: (UnsafeBufferPointer<Int16>) -> Void) {
        synthesizer.render(step, into: buffer)
        let frames = 2 * Synthesizer.framesPerStep
        if !step.alongside.isEmpty {
            for i in 0..<frames { mix[i] = Int32(buffer[i]) }
            for (k, voice) in step.alongside.enumerated() {
                if voices.count <= k {
                    voices.append(Synthesizer(scale: synthesizer.scale, noiseSeed: Synthesizer.noiseSeed(marble: k + 2)))
                }
                voices[k].render(voice, into: voiceBuffer)
                for i in 0..<frames { mix[i] += Int32(voiceBuffer[i]) }
            }
            let n = Int32(step.alongside.count + 1)
            for i in 0..<frames {
                buffer[i] = Int16(clamping: n <= 2 ? mix[i] : mix[i] * 2 / n)
            }
        }
        take(UnsafeBufferPointer(start: buffer, count: frames))
    }

    /// Starts again from silence, in the same scale.
    public func restart() {
        synthesizer = Synthesizer(scale: synthesizer.scale)
        voices = []
    }
}
