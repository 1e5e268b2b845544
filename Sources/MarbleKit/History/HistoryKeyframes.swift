import Dispatch
import Synchronization

/// Moments of a drawing's history kept whole, so that Watch seeks anywhere in one frame.
///
/// A player on a thread of its own plays the history once from the blank canvas and keeps its
/// whole state (`Keyframe`) every `spacing` of painting cost (a sample, and a piece of stroke,
/// cost one each): the session's values, its picture in 64×64 tiles shared with the keyframe
/// before (`TiledPicture`), and undo's newest pictures, so an undo in the history after a
/// keyframe repaints a few strokes, not all of them. Within `budget` bytes: past it, every
/// other keyframe goes and the spacing doubles. A player that jumps to a keyframe and plays on
/// to a moment shows exactly the picture playing from the blank canvas shows (the session's
/// state restores bit for bit; `HistoryKeyframesTests`).
public final class HistoryKeyframes: Sendable {
    /// One moment: where the player was, and everything it needs to go on from there.
    struct Keyframe: Sendable {
        var time: Double
        var record: Int
        var sample: Int
        var failure: String?
        /// The session, its canvas's pixels left out (they are in `picture`).
        var state: DrawingSession.State
        var picture: TiledPicture
        var undoBases: DrawingSession.UndoBases
        /// What it holds that the keyframe before it does not.
        var bytes: Int
    }

    /// The memory keyframes may hold: 64 MB, about sixteen whole 1280×800 pictures. A seek's
    /// frame costs about the painting between two keyframes: at 1M segments (a dense walk over
    /// the whole canvas, each keyframe nearly a whole picture) 44 ms median and 78 ms at most
    /// with 13 keyframes in 54 MB; 28 / 45 ms in 104 MB; 2 ms with 379 in 718 MB (`make bench`,
    /// `watch`). A child's drawing of a few thousand segments keeps every keyframe.
    public static let budget = 64 << 20
    /// Painting cost between keyframes to begin with: a few ms of playing.
    public static let spacing = 4000

    private final class Shared: Sendable {
        let frames = Mutex<[Keyframe]>([])
        let cancelled = Atomic<Bool>(false)
        let ready = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)
    }

    private let shared = Shared()

    /// Starts keeping `history`'s keyframes on a thread of its own.
    public init(_ history: DrawingHistory, budget: Int = HistoryKeyframes.budget, spacing: Int = HistoryKeyframes.spacing) {
        let shared = self.shared
        DispatchQueue.global(qos: .userInitiated).async {
            Self.build(history, budget: max(budget, 0), spacing: max(spacing, 1), into: shared)
            shared.ready.store(true, ordering: .releasing)
            shared.done.signal()
        }
    }

    // Nobody will seek: the builder stops at its next chunk.
    deinit { shared.cancelled.store(true, ordering: .relaxed) }

    /// Waits until every keyframe is kept (tests, the benchmark; Watch never waits).
    public func waitUntilReady() {
        shared.done.wait()
        shared.done.signal()
    }

    /// Whether every keyframe is kept: then no moment is further than the spacing from one.
    public var isReady: Bool { shared.ready.load(ordering: .acquiring) }

    /// The keyframes kept so far.
    public var count: Int { shared.frames.withLock { $0.count } }

    /// The bytes they hold.
    public var bytes: Int { shared.frames.withLock { $0.reduce(0) { $0 + $1.bytes } } }

    /// The latest keyframe at or before drawing time `time`, if one is kept.
    func latest(atOrBefore time: Double) -> Keyframe? {
        shared.frames.withLock { frames in frames.last { $0.time <= time } }
    }

    // MARK: - Keeping them

    private static func build(_ history: DrawingHistory, budget: Int, spacing start: Int, into shared: Shared) {
        let player = HistoryPlayer(history)
        var spacing = start
        var frames: [Keyframe] = []
        var total = 0
        var cost = 0, lastCost = 0
        var points = 0
        while !player.isFinished {
            if shared.cancelled.load(ordering: .relaxed) { return }
            let before = player.session.acceptedSamples + player.session.droppedSamples
            // Small steps for a small spacing (tests); a few hundred samples otherwise.
            player.play(until: .infinity, budget: min(256, max(1, spacing / 2)))
            let now = player.session.strokes.reduce(0) { $0 + $1.points.count }
            cost += player.session.acceptedSamples + player.session.droppedSamples - before + max(now - points, 0)
            points = now
            guard cost - lastCost >= spacing, !player.isFinished else { continue }
            lastCost = cost
            let k = player.keyframe(after: frames.last)
            frames.append(k)
            total += k.bytes
            while total > budget && frames.count > 1 {
                // Every other one goes (the first stays): the spacing doubles, evenly.
                frames = frames.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                spacing *= 2
                total = recount(&frames)
            }
            let kept = frames
            shared.frames.withLock { $0 = kept }
        }
    }

    /// Counts each keyframe's tiles again against the one now before it.
    private static func recount(_ frames: inout [Keyframe]) -> Int {
        var total = 0
        for i in frames.indices {
            frames[i].bytes = frames[i].picture.bytes(notSharedWith: i > 0 ? frames[i - 1].picture : nil)
                + frames[i].stateBytes
            total += frames[i].bytes
        }
        return total
    }
}

extension HistoryKeyframes.Keyframe {
    /// The bytes of the session values it holds besides the picture: the open stroke's layer
    /// cells and points (the other strokes are shared with every later keyframe).
    var stateBytes: Int {
        state.canvas.cells.count * MemoryLayout<PixelBuffer.IndexedCell>.stride
            + (state.canvas.penPoint != nil ? state.strokes.last?.points.storedBytes ?? 0 : 0)
    }
}

extension Canvas.State {
    /// Keeps only the open stroke's layer cells a later piece of it can still merge with.
    ///
    /// A long stroke's layer covers a wide area (megabytes of cells an hour in). A piece merges
    /// with a cell only when its own arc length, never less than the pen's `arcLength` now,
    /// is within the merge window (`2 · outer + 1`, a little over the pen's width) of the
    /// cell's stamp; otherwise it paints over the cell exactly as over a blank one (no merge,
    /// not settled: `PixelBuffer.Quad.paint`). So cells stamped well before `arcLength`, less
    /// four widths and 16 px of slack for single-precision stamps, behave as blank cells.
    mutating func keepRecentCells() {
        guard penPoint != nil else { return }
        let oldest = Float(arcLength) - Float(4 * penWidth + 16)
        cells.removeAll { $0.cell.stamp < oldest }
    }
}

extension HistoryPlayer {
    /// Where the player is now, as a keyframe whose picture shares tiles with `previous`'s.
    func keyframe(after previous: HistoryKeyframes.Keyframe?) -> HistoryKeyframes.Keyframe {
        let s = session
        var state = s.state(withPixels: false)
        state.canvas.keepRecentCells()
        let picture = TiledPicture(s.canvas, after: previous?.picture)
        // Undo's newest pictures only: older ones would be kept alive by every keyframe.
        var bases = s.undoBases
        bases.trim(toNewest: 2)
        var k = HistoryKeyframes.Keyframe(time: time, record: record, sample: sample, failure: failure,
                                          state: state, picture: picture, undoBases: bases, bytes: 0)
        k.bytes = picture.ownBytes + k.stateBytes
        return k
    }

    /// Goes to `keyframe`: the picture and every value as they were there.
    ///
    /// - Returns: false (and the player unchanged) when the keyframe does not restore, which a
    ///   keyframe this player's history made always does.
    @discardableResult
    func jump(to keyframe: HistoryKeyframes.Keyframe) -> Bool {
        var state = keyframe.state
        state.canvas.pixels = keyframe.picture.pixels
        guard let restored = try? DrawingSession(resuming: state, undoBases: keyframe.undoBases) else { return false }
        session = restored
        record = keyframe.record
        sample = keyframe.sample
        time = keyframe.time
        failure = keyframe.failure
        return true
    }

    /// Plays to drawing time `target` from the latest of `keyframes` at or before it, when that
    /// is further on than the player is or the target lies behind the player; else from here.
    /// The picture is the same either way: the keyframe only saves the painting before it.
    public func seek(to target: Double, using keyframes: HistoryKeyframes?, budget: Int = .max) {
        let behind = target < time
        if let k = keyframes?.latest(atOrBefore: target), behind || (k.record, k.sample) > (record, sample) {
            if !jump(to: k) { restart() }
        } else if behind {
            restart()
        }
        play(until: target, budget: budget)
    }
}
