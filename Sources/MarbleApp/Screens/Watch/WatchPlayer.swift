import MarbleKit

/// The Watch screen's player: a drawing's history shown from a blank canvas as it happened,
/// fitted to about `fittedSeconds`, with pause, speed and seeking.
///
/// Its clock (`position`, in the drawing's time) moves with the frames; the history is played
/// up to it a piece at a time (`samplesPerFrame` at most each frame), so a long drawing never
/// stalls a frame. A seek goes from the latest keyframe before the moment (`HistoryKeyframes`,
/// kept on another thread as soon as Watch opens) and plays on to it at once, so the next frame
/// shows the exact picture; before the keyframes are kept, a seek back starts again from the
/// blank canvas and the picture catches up over the next frames instead.
public final class WatchPlayer {
    /// Watching time for the whole drawing at 1×, in s.
    public static let fittedSeconds = 20.0
    /// The speeds +/− step through.
    public static let speeds: [Double] = [0.25, 0.5, 1, 2, 4, 8]
    /// Samples played per frame at most: a few milliseconds of painting.
    static let samplesPerFrame = 1500
    /// Samples a seek plays at most at once before the keyframes are kept (after, it plays
    /// all the way: never more than their spacing).
    static let samplesPerSeek = 12_000

    public let id: String
    public let title: String
    /// The screen Esc goes back to.
    public let returnTo: Screen
    let player: HistoryPlayer
    /// The history's keyframes, kept in the background from the start.
    let keyframes: HistoryKeyframes
    /// The moment shown, in the drawing's time.
    public private(set) var position: Double
    public private(set) var paused = false
    /// Index into `speeds`.
    public private(set) var speedIndex = 2

    /// Its keyframes' tiles go to a scratch file in `scratchFolder` (the store's folder).
    init(id: String, title: String, history: DrawingHistory, scratchFolder: String, returnTo: Screen) {
        self.id = id
        self.title = title
        self.returnTo = returnTo
        player = HistoryPlayer(history)
        keyframes = HistoryKeyframes(history, scratchFolder: scratchFolder)
        position = history.startTime
    }

    /// Waits until every keyframe is kept (the benchmark; the screen never waits).
    public func waitForKeyframes() { keyframes.waitUntilReady() }

    /// The keyframes kept, and the bytes they hold.
    public var keyframeFigures: (count: Int, bytes: Int) { (keyframes.count, keyframes.bytes) }

    /// The picture being shown.
    public var canvas: Canvas { player.canvas }
    /// The drawing as far as it has played: its marbles where they are now.
    public var session: ReadOnlySession { player.view }
    public var speed: Double { Self.speeds[speedIndex] }
    var history: DrawingHistory { player.history }

    /// Drawing seconds per watching second at 1×: the whole drawing in about `fittedSeconds`.
    var rate: Double { max(history.span, 1e-9) / Self.fittedSeconds }

    /// How far through the drawing the clock is, 0…1.
    public var fraction: Double {
        history.span > 0 ? min(1, max(0, (position - history.startTime) / history.span)) : 1
    }

    /// Whether the finished picture is showing.
    public var atEnd: Bool { position >= history.endTime && player.isFinished }

    /// Moves the clock on by a frame of `dt` s and plays the history towards it.
    func advance(dt: Double) {
        if !paused && dt > 0 { position = min(history.endTime, position + dt * rate * speed) }
        catchUp()
    }

    /// Plays the history up to the clock, at most `budget` samples; past the end, to the end.
    func catchUp(budget: Int = WatchPlayer.samplesPerFrame) {
        // At the end, the edits after the last sample too: the finished picture.
        player.seek(to: position >= history.endTime ? .infinity : position, using: keyframes, budget: budget)
    }

    /// Space: pause, or play on (from the start again when at the end).
    func togglePause() {
        if paused && atEnd { position = history.startTime }
        paused.toggle()
    }

    /// +/−: the next speed up or down.
    func changeSpeed(by step: Int) {
        speedIndex = min(max(speedIndex + step, 0), Self.speeds.count - 1)
    }

    /// ←/→: 5% of the drawing back or on.
    func seek(by steps: Int) {
        position = min(history.endTime, max(history.startTime, position + Double(steps) * 0.05 * history.span))
        catchUp(budget: keyframes.isReady ? .max : Self.samplesPerSeek)
    }
}
