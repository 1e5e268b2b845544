/// Collects what a drawing sounds like, step by step: for `marble replay --wav`.
///
/// Attach it to a session (`session.stepListener = recorder.listen`) before feeding the
/// samples; every physics step appends its `Synthesizer.framesPerStep` stereo frames.
public final class SoundRecorder {
    public private(set) var synthesizer: Synthesizer
    /// Interleaved stereo samples so far.
    public private(set) var samples: [Int16] = []
    // One step's frames, rendered here and appended: the synthesizer never sees the array grow.
    private let scratch = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * Synthesizer.framesPerStep)

    /// A recorder; `expectedSeconds` reserves room up front.
    public init(scale: SoundScale, expectedSeconds: Double = 0) {
        synthesizer = Synthesizer(scale: scale)
        if expectedSeconds.isFinite && expectedSeconds > 0 {
            samples.reserveCapacity(Int(min(expectedSeconds, 86_400) * Double(Synthesizer.sampleRate)) * 2 + 400)
        }
    }

    deinit { scratch.deallocate() }

    /// Stereo frames so far.
    public var frames: Int { samples.count / 2 }

    /// Hears one step.
    public func listen(_ step: SoundStep) {
        synthesizer.render(step, into: scratch)
        samples.append(contentsOf: UnsafeBufferPointer(start: scratch, count: 2 * Synthesizer.framesPerStep))
    }

    /// The WAV file of everything heard.
    public func wavBytes() -> [UInt8] { WAVFile.encode(samples) }
}
