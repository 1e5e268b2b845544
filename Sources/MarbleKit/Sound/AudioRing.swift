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
///
/// The writer comes in bursts (a display frame's physics steps: 800 frames at 60 Hz) and the
/// reader in small even chunks, so the reader keeps a cushion: it starts (and, after running
/// dry, starts again) only once `prefill` frames wait, and then with exactly that many. A drawing that pauses thus goes quiet
/// cleanly, and one that goes on starts a moment later without a crackle of gaps.
public final class AudioRing: @unchecked Sendable {
    /// Frames the ring holds (a power of two).
    public let capacity: Int
    /// Frames that must wait before the reader starts playing.
    public let prefill: Int
    /// The most frames kept waiting: older ones are skipped so the sound stays within this
    /// much of the drawing (`maxLatency` frames at 48 kHz).
    public let maxLatency: Int
    private let storage: UnsafeMutablePointer<Int16>
    private let written = Atomic<Int>(0)
    private let read = Atomic<Int>(0)
    // The reader's own: whether it is playing, or waiting for the cushion.
    private var playing = false

    public init(capacity: Int = 8192, prefill: Int = 1200, maxLatency: Int = 2400) {
        var c = 1
        while c < max(capacity, 2) { c <<= 1 }
        self.capacity = c
        self.maxLatency = min(max(maxLatency, 1), c)
        self.prefill = min(max(prefill, 0), self.maxLatency)
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
        // Behind by more than the latency allows: skip to the newest frames.
        if w - r > maxLatency { r = w - maxLatency }
        let wanted = out.count / 2
        if !playing && w - r >= max(prefill, 1) {
            playing = true
            // Start with exactly the cushion: a fuller start would keep the sound that much
            // later for as long as it plays.
            if prefill > 0 { r = w - prefill }
        }
        let n = playing ? min(wanted, w - r) : 0
        // Ran dry: what there was plays, then silence until the cushion is back.
        if playing && n < wanted { playing = false }
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
