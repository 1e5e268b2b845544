import Synchronization

/// A lock-free ring of stereo 16-bit frames from one writer (the frame loop) to one reader
/// (an audio device's thread).
///
/// The two sides share only the frame counts `written` and `read`, handed over with
/// acquire/release atomics: the writer fills only free slots, then publishes `written`; the
/// reader copies frames, then publishes `read`, so no slot is ever touched by both at once.
/// Neither waits: a full ring drops what does not fit, a reader more than `maxLatency` behind
/// skips to the newest frames (the sound catches up instead of lagging), and an empty ring
/// plays silence. Nothing allocates after `init`.
public final class AudioRing: @unchecked Sendable {
    /// Frames the ring holds (a power of two).
    public let capacity: Int
    /// The most frames kept waiting: older ones are skipped so the sound stays within this
    /// much of the drawing (`maxLatency` frames at 48 kHz).
    public let maxLatency: Int
    private let storage: UnsafeMutablePointer<Int16>
    private let written = Atomic<Int>(0)
    private let read = Atomic<Int>(0)

    public init(capacity: Int = 8192, maxLatency: Int = 1024) {
        var c = 1
        while c < max(capacity, 2) { c <<= 1 }
        self.capacity = c
        self.maxLatency = min(max(maxLatency, 1), c)
        storage = .allocate(capacity: 2 * c)
        storage.initialize(repeating: 0, count: 2 * c)
    }

    deinit { storage.deallocate() }

    /// Frames waiting to be read.
    public var available: Int { written.load(ordering: .acquiring) - read.load(ordering: .acquiring) }

    /// Writer: appends interleaved stereo frames (`samples.count / 2` of them).
    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        guard let base = samples.baseAddress else { return }
        var w = written.load(ordering: .relaxed)
        let free = capacity - (w - read.load(ordering: .acquiring))
        // A reader that stopped (a device paused) leaves the ring full: what does not fit goes.
        let frames = min(samples.count / 2, free)
        for f in 0..<frames {
            let slot = (w & (capacity - 1)) * 2
            storage[slot] = base[2 * f]
            storage[slot + 1] = base[2 * f + 1]
            w += 1
        }
        written.store(w, ordering: .releasing)
    }

    /// Reader: fills `out` (interleaved stereo) with the oldest waiting frames, then silence.
    /// Returns the frames that came from the ring.
    @discardableResult
    public func read(into out: UnsafeMutableBufferPointer<Int16>) -> Int {
        guard let base = out.baseAddress else { return 0 }
        let w = written.load(ordering: .acquiring)
        var r = read.load(ordering: .relaxed)
        // Behind by more than the latency allows (or lapped): skip to the newest frames.
        if w - r > maxLatency { r = w - maxLatency }
        let wanted = out.count / 2
        let n = min(wanted, w - r)
        for f in 0..<n {
            let slot = (r & (capacity - 1)) * 2
            base[2 * f] = storage[slot]
            base[2 * f + 1] = storage[slot + 1]
            r += 1
        }
        if n < wanted { (base + 2 * n).update(repeating: 0, count: 2 * (wanted - n)) }
        read.store(r, ordering: .releasing)
        return n
    }
}
