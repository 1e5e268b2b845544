/// Where the app's sound goes: an audio device, or a recording in tests.
public protocol SoundOutput: AnyObject {
    /// Takes interleaved stereo 16-bit frames at 48 kHz. Never blocks.
    func play(_ samples: UnsafeBufferPointer<Int16>)
}

/// A sound output that keeps everything it is given: the headless platform's ears.
public final class RecordedSound: SoundOutput {
    /// Interleaved stereo samples, in the order played.
    public private(set) var samples: [Int16] = []

    public init() {}

    public func play(_ samples: UnsafeBufferPointer<Int16>) { self.samples.append(contentsOf: samples) }

    /// Forgets what was recorded.
    public func clear() { samples = [] }
}
