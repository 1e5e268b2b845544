/// The synthesizer with one step's buffer: renders each physics step and lends its frames.
///
/// The one place a step's frames are made, for the window (`SoundPlayer`) and for
/// `replay --wav` (`SoundRecorder`): the buffer is allocated once, so rendering never allocates.
///
/// Each marble is a voice: marbles 2…N's (`SoundStep.alongside`) are rendered by synthesizers
/// of their own (their own notes, levels, pan, knock and rumble noise) and mixed in. Two voices
/// are added and clipped, as they always were (a one-marble step's frames are exactly its
/// synthesizer's); with more, the sum is scaled by 2/N, as loud as two, and a soft knee above
/// 24,000 bends the loudest moments under full scale, so three or four never clip.
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
                buffer[i] = n <= 2 ? Int16(clamping: mix[i]) : Self.limited(mix[i] * 2 / n)
            }
        }
        take(UnsafeBufferPointer(start: buffer, count: frames))
    }

    /// A sample past the knee bent towards full scale and never reaching it: the same below it,
    /// in integers (the same sound on every machine).
    static func limited(_ x: Int32) -> Int16 {
        let knee: Int64 = 24_000, room: Int64 = Int64(Int16.max) - knee
        let a = Int64(abs(x))
        guard a > knee else { return Int16(x) }
        // knee + over·room/(over + room): rises from the knee towards full scale, below it always.
        let over = a - knee
        let y = knee + over * room / (over + room)
        return Int16(x < 0 ? -y : y)
    }

    /// Starts again from silence, in the same scale.
    public func restart() {
        synthesizer = Synthesizer(scale: synthesizer.scale)
        voices = []
    }
}
