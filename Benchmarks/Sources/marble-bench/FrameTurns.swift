/// Frames started on a 60 Hz grid, as the window's are: the wait is not timed, so each frame
/// gets 1/60 s of the machine, and the idle time between frames is the window's too.
struct FramePacer {
    let clock = ContinuousClock()
    let period = Duration.nanoseconds(Int64(1e9 / FrameBench.rate))
    var next: ContinuousClock.Instant

    init() { next = clock.now }

    /// Sleeps until the next frame's start (none after a frame that overran it).
    mutating func wait() {
        next = next + period
        FrameBench.sleep(until: next, clock)
        if next < clock.now { next = clock.now }
    }
}

/// Subjects measured side by side: their frames in turns of `block` timed frames, each turn
/// after `settle` untimed ones (switching drawings uploads a whole canvas), A B, B A, A B, …,
/// so that neither always goes first and a busy moment of the machine hits both alike.
enum FrameTurns {
    /// Runs `frames` timed frames of each of `count` subjects: `frame(i, timed)` runs subject
    /// i's (and waits for the next frame's start); `onBlock` is told whose turn comes next.
    static func run(_ count: Int, frames: Int, block: Int = 100, settle: Int = 10,
                    onBlock: (Int) -> Void = { _ in }, _ frame: (_ subject: Int, _ timed: Bool) -> Void) {
        var order = Array(0..<count)
        var left = frames
        while left > 0 {
            let n = min(block, left)
            for i in order {
                onBlock(i)
                for _ in 0..<settle { frame(i, false) }
                for _ in 0..<n { frame(i, true) }
            }
            left -= n
            order.reverse()
        }
    }
}
