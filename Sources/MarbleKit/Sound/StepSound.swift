/// The synthesizer with one step's buffer: renders each physics step and lends its frames.
///
/// The one place a step's frames are made, for the window (`SoundPlayer`) and for
/// `replay --wav` (`SoundRecorder`): the buffer is allocated once, so rendering never allocates.
///
/// Each marble is a voice (`SoundStep.voices`), rendered by a synthesizer of its own, kept by
/// the marble's id (its own notes, levels, pan, knock and rumble noise), and mixed. One voice's
/// frames are exactly its synthesizer's; two are added and clipped, as they always were; with
/// more, the sum is scaled by 2/N, as loud as two, and a soft knee above 24,000 bends the
/// loudest moments under full scale, so three or four never clip.
public final class StepSound {
    let scale: SoundScale
    // Each marble's synthesizer by its id, each made when that marble is first heard.
    private var synthesizers: [Synthesizer] = []
    private let buffer = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * Synthesizer.framesPerStep)
    private let voiceBuffer = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * Synthesizer.framesPerStep)
    private let mix = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * Synthesizer.framesPerStep)

    public init(scale: SoundScale) {
        self.scale = scale
    }

    deinit {
        buffer.deallocate()
        voiceBuffer.deallocate()
        mix.deallocate()
    }

    /// Renders one step and hands its `framesPerStep` stereo frames to `take` (valid only there).
    public func render(_ step: SoundStep, _ take: (UnsafeBufferPointer<Int16>) -> Void) {
        let frames = 2 * Synthesizer.framesPerStep
        switch step.voices.count {
        case 0:
            buffer.update(repeating: 0, count: frames)
        case 1:
            render(step.voices[0], into: buffer)
        default:
            mix.update(repeating: 0, count: frames)
            for voice in step.voices {
                render(voice, into: voiceBuffer)
                for i in 0..<frames { mix[i] += Int32(voiceBuffer[i]) }
            }
            let n = Int32(step.voices.count)
            for i in 0..<frames {
                buffer[i] = n <= 2 ? Int16(clamping: mix[i]) : Self.limited(mix[i] * 2 / n)
            }
        }
        take(UnsafeBufferPointer(start: buffer, count: frames))
    }

    /// Renders `voice` with its marble's synthesizer (ids outside 0…3 share the nearest).
    private func render(_ voice: SoundVoice, into out: UnsafeMutablePointer<Int16>) {
        let k = min(max(voice.marble, 0), SessionConfiguration.maxMarbles - 1)
        while synthesizers.count <= k {
            let marble = synthesizers.count
            // Marble 1's rumble is the default seed, as it always was; the others' their own.
            synthesizers.append(marble == 0 ? Synthesizer(scale: scale)
                                            : Synthesizer(scale: scale, noiseSeed: Synthesizer.noiseSeed(marble: marble + 1)))
        }
        synthesizers[k].render(voice, into: out)
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
        synthesizers = []
    }
}
