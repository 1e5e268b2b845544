import Synchronization

/// A lock-free ring of mono 16-bit speech samples from one writer (the voice's thread) to one
/// reader (the sound device's thread), which adds them into both channels of what it plays.
///
/// Speech sits beside the drawing's sound, never in it: the drawing's ring and its replays
/// stay bit-identical, the voice is only added on the way out. As in `AudioRing`, the two sides
/// share only atomic counts. Unlike the drawing's sound, speech is made faster than it plays,
/// so nothing is dropped: `write` takes what fits and the voice offers the rest later. `clear`
/// (the writer's) makes the reader skip everything written so far: an interrupted sentence
/// stops at once. Nothing allocates after `init`.
public final class SpeechRing: @unchecked Sendable {
    /// Samples the ring holds (a power of two).
    public let capacity: Int
    private let storage: UnsafeMutablePointer<Int16>
    private let written = Atomic<Int>(0)
    private let read = Atomic<Int>(0)
    /// Where the reader is to skip to (the writer's `written` at its last `clear`).
    private let skip = Atomic<Int>(0)

    /// 16384 samples: a third of a second at 48 kHz, what an interruption can still cut off.
    public init(capacity: Int = 16_384) {
        var c = 1
        while c < max(capacity, 2) { c <<= 1 }
        self.capacity = c
        storage = .allocate(capacity: c)
        storage.initialize(repeating: 0, count: c)
    }

    deinit { storage.deallocate() }

    /// Samples waiting to be played.
    public var available: Int {
        let r = max(read.load(ordering: .acquiring), skip.load(ordering: .acquiring))
        return max(0, written.load(ordering: .acquiring) - r)
    }

    /// Writer: appends what fits of `samples`; how many it took.
    public func write(_ samples: UnsafeBufferPointer<Int16>) -> Int {
        guard let base = samples.baseAddress else { return 0 }
        var w = written.load(ordering: .relaxed)
        // Room counts from what the reader has passed, not from a `clear` it has yet to see:
        // slots it may still be reading are never written.
        let n = min(samples.count, capacity - (w - read.load(ordering: .acquiring)))
        for i in 0..<n {
            storage[w & (capacity - 1)] = base[i]
            w += 1
        }
        written.store(w, ordering: .releasing)
        return n
    }

    /// Writer: forgets what waits unplayed.
    public func clear() { skip.store(written.load(ordering: .relaxed), ordering: .releasing) }

    /// Reader: adds the oldest waiting samples into both channels of `out` (interleaved stereo),
    /// saturating; frames past what waits are left as they are. Returns the samples mixed.
    @discardableResult
    public func mix(into out: UnsafeMutableBufferPointer<Int16>) -> Int {
        guard let base = out.baseAddress else { return 0 }
        let w = written.load(ordering: .acquiring)
        var r = max(read.load(ordering: .relaxed), skip.load(ordering: .acquiring))
        let n = min(out.count / 2, w - r)
        for f in 0..<n {
            let s = storage[r & (capacity - 1)]
            base[2 * f] = base[2 * f].addingSaturating(s)
            base[2 * f + 1] = base[2 * f + 1].addingSaturating(s)
            r += 1
        }
        read.store(r, ordering: .releasing)
        return n
    }
}

extension Int16 {
    /// The sum, held at Int16's ends instead of wrapping (speech over a loud note clips, never cracks).
    func addingSaturating(_ other: Int16) -> Int16 { Int16(clamping: Int32(self) + Int32(other)) }
}
