import Foundation

/// The frame loop's pulse, for a job on another thread that should work between frames.
///
/// On two cores, a film made while the window draws ran its memory-heavy steps (reading the
/// journal, encoding a whole first frame) over the window's own frame, which then took two or
/// three times as long. A job that waits here starts each slice of its work just after a
/// frame was shown, and works for at most `slice` s before it waits again: the next frame
/// finds the memory bus to itself. If no frame comes for `patience` s (a window hidden, a test
/// that drives no frames) the job goes on anyway.
final class FrameGate: @unchecked Sendable {
    /// Work between two waits, in s: about half of a 60 Hz frame.
    static let slice = 0.008
    static let patience = 0.1

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var shown: UInt64 = 0
    private var released = false
    // The job's thread only.
    private var sliceStart: Double?
    // The monotonic clock its slices are timed by (the environment's).
    private let clock: @Sendable () -> Double

    init(clock: @escaping @Sendable () -> Double) {
        self.clock = clock
    }

    /// A frame was shown (the frame loop, after presenting).
    func frameShown() {
        condition.lock()
        shown &+= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Never wait again (the job is cancelled: it must reach its end quickly).
    func release() {
        condition.lock()
        released = true
        condition.broadcast()
        condition.unlock()
    }

    /// On the job's thread: once its slice is used up (or at the start, or `always`), waits for
    /// the next frame to be shown, at most `patience` s.
    func pause(always: Bool = false) {
        let now = clock()
        if !always, let start = sliceStart, now - start < Self.slice { return }
        condition.lock()
        let seen = shown
        // NSCondition waits until a date: the one place a wall-clock deadline is asked for.
        let deadline = Date(timeIntervalSinceNow: Self.patience)
        while shown == seen && !released {
            if !condition.wait(until: deadline) { break }
        }
        condition.unlock()
        sliceStart = clock()
    }
}
