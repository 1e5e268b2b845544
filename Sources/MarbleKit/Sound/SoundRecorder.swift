/// Collects what a drawing sounds like, step by step: for `marble replay --wav`.
///
/// Attach it to a session (`session.stepListener = recorder.listen`) before feeding the
/// samples; every physics step appends its `Synthesizer.framesPerStep` stereo frames.
public final class SoundRecorder {
    /// Interleaved stereo samples so far.
    public private(set) var samples: [Int16] = []
    private let sound: StepSound

    /// A recorder; `expectedSeconds` reserves room up front.
    public init(scale: SoundScale, expectedSeconds: Double = 0) {
        sound = StepSound(scale: scale)
        if expectedSeconds.isFinite && expectedSeconds > 0 {
            samples.reserveCapacity(Int(min(expectedSeconds, 86_400) * Double(Synthesizer.sampleRate)) * 2 + 400)
        }
    }

    /// Stereo frames so far.
    public var frames: Int { samples.count / 2 }

    /// Hears one step.
    public func listen(_ step: SoundStep) {
        sound.render(step) { samples.append(contentsOf: $0) }
    }

    /// The WAV file of everything heard.
    public func wavBytes() -> [UInt8] { WAVFile.encode(samples) }
}
