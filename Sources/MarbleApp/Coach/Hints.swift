import MarbleKit

/// When to offer a child who seems stuck one thing to try: the clocks behind the hints.
///
/// In a live drawing, 8 seconds without a tilt; on Home, Setup and End, a focus that has not
/// moved for 10 seconds. Never two hints within 20 seconds, and the drawing's hints take
/// turns (`said`). Every clock runs on the frame clock's steps, so a test's frames are its seconds.
struct Hints: Equatable, Sendable {
    /// Seconds of a live drawing without a tilt.
    private(set) var idle = 0.0
    /// Seconds since the last hint (infinite before the first): the pulse's age.
    private(set) var sinceHint = Double.infinity
    /// Hints said so far: the next drawing hint is the one after the last.
    private(set) var said = 0
    /// Seconds the menu focus has stayed where it is.
    private(set) var still = 0.0
    /// The menu screen and focus being timed.
    private var at: Focused?
    /// The button the last menu hint named, while it pulses.
    private(set) var button: Action?

    private struct Focused: Equatable, Sendable {
        var screen: Screen
        var focus: Int
    }

    /// A drawing without a tilt for this long gets a hint.
    static let drawingIdle = 8.0
    /// A menu focus that stays this long gets a hint.
    static let menuIdle = 10.0
    /// At least this long from one hint to the next.
    static let gap = 20.0
    /// How long the hinted picture or button pulses.
    static let pulseLength = 3.0

    /// How much the hinted thing swells now (0.1 to 1), or nil once its pulse is over.
    var pulse: Double? {
        guard sinceHint < Self.pulseLength else { return nil }
        return 0.55 + 0.45 * Maths.cos(2 * .pi * 1.5 * sinceHint)
    }

    private var mayHint: Bool { sinceHint >= Self.gap }

    /// A frame of a live drawing, `dt` seconds on; `tilting` when a child's tilt rolls their
    /// marble. Returns the turn of the hint to give now (0, 1, 2, …), or nil.
    mutating func drawingFrame(dt: Double, tilting: Bool) -> Int? {
        sinceHint += dt
        at = nil
        guard !tilting else { idle = 0; return nil }
        idle += dt
        guard idle >= Self.drawingIdle && mayHint else { return nil }
        sinceHint = 0
        button = nil
        defer { said += 1 }
        return said
    }

    /// A frame on another screen (or a drawing not live), `dt` seconds on: the drawing's idle
    /// time starts again when it comes back.
    mutating func otherFrame(dt: Double) {
        sinceHint += dt
        idle = 0
        at = nil
    }

    /// A frame of a menu showing `screen` with `focus`: true when its likely button gets a hint now.
    mutating func menuFrame(dt: Double, screen: Screen, focus: Int) -> Bool {
        sinceHint += dt
        idle = 0
        let now = Focused(screen: screen, focus: focus)
        if at != now {
            at = now
            still = 0
            // A moved focus ends the pulse of the button hinted: the child is on their way.
            if pulse != nil, button != nil { button = nil }
            return false
        }
        still += dt
        guard still >= Self.menuIdle && mayHint else { return false }
        sinceHint = 0
        return true
    }

    /// The menu hint named `action`'s button: it pulses.
    mutating func pointed(at action: Action) { button = action }

    /// The ghost shows how: the drawing's idle time starts again after it.
    mutating func resetIdle() { idle = 0 }
}
