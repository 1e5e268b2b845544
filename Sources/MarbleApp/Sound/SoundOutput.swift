import MarbleKit
import Synchronization

/// A sound output that keeps everything it is given: the headless platform's ears.
///
/// Hand `sink` to the `Environment` the app is made with; read `samples` afterwards.
public final class RecordedSound: Sendable {
    private let recorded = Mutex<[Int16]>([])

    public init() {}

    /// Interleaved stereo samples, in the order played.
    public var samples: [Int16] { recorded.withLock { $0 } }

    /// Keeps `samples`.
    public func play(_ samples: UnsafeBufferPointer<Int16>) { recorded.withLock { $0.append(contentsOf: samples) } }

    /// The environment's `playSound`, into this recording.
    public var sink: Environment.SoundSink { { [self] in play($0) } }

    /// Forgets what was recorded.
    public func clear() { recorded.withLock { $0 = [] } }
}
