/// Guards for the frame time step that the app, the replay player and the input sources
/// integrate over: the one place the longest step is set.
enum FrameTime {
    /// The longest step integrated at once, in seconds.
    static let maxStep = 0.25

    /// `dt` made safe: NaN, infinite or negative gives 0; long stalls are capped at `maxStep`.
    static func guarded(_ dt: Double) -> Double {
        // After a stall (window dragged, debugger, a slow disk) one huge step would fling the
        // ball and jump the ramps and the heading all at once; a capped step just makes that
        // frame slow.
        guard dt.isFinite, dt > 0 else { return 0 }
        return min(dt, maxStep)
    }
}

/// Turns a platform's monotonic clock into guarded frame steps.
struct FrameClock: Sendable {
    private var last: Double?
    /// The time of the last tick, in the platform's seconds.
    private(set) var now = 0.0

    /// The step from the last tick to `now` (0 for the first tick after a `restart`).
    mutating func tick(_ now: Double) -> Double {
        defer { last = now; self.now = now }
        return last.map { FrameTime.guarded(now - $0) } ?? 0
    }

    /// Forgets the last tick, so time spent paused or hidden is not stepped over.
    mutating func restart() { last = nil }
}
