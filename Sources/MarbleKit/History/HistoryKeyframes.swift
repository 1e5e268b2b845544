import Dispatch
import Synchronization

/// Moments of a drawing's history kept whole, so that Watch seeks anywhere in one frame.
///
/// A player on a thread of its own plays the history once from the blank canvas and keeps its
/// whole state (`Keyframe`) every `spacing` of painting cost (a sample, and a piece of stroke,
/// cost one each): the session's values in memory, and its picture and undo's newest pictures
/// in a scratch file (`KeyframeSpill`) in 64×64 tiles, each tile written once and named by
/// every keyframe it is in (`SpilledPicture`). Within `budget` bytes of file: past it, every
/// other keyframe goes, the spacing doubles and the file is written again with the tiles still
/// named. A player that jumps to a keyframe and plays on to a moment shows exactly the picture
/// playing from the blank canvas shows (the session's state restores bit for bit;
/// `HistoryKeyframesTests`).
public final class HistoryKeyframes: Sendable {
    /// One moment: where the player was, and everything it needs to go on from there.
    struct Keyframe: Sendable {
        var time: Double
        var record: Int
        var sample: Int
        var failure: String?
        /// The session, its canvas's pixels left out (they are in `picture`).
        var state: DrawingSession.State
        var picture: SpilledPicture
        /// Undo's newest pictures, oldest first.
        var undoBases: [(steps: Int, picture: SpilledPicture)]
    }

    /// The scratch file's bytes at most: 512 MB, about 128 whole 1280×800 pictures. A seek's
    /// frame costs about the painting between two keyframes, so the spacing must be a few ms of
    /// painting: at 1M segments (a dense walk over the whole canvas) that is about a hundred
    /// keyframes, each nearly a whole picture (`make bench`, `watch`). In memory, 64 MB gave
    /// 13 keyframes and 44 ms median, 78 ms at most. A child's drawing of a few thousand
    /// segments keeps every keyframe in a few MB.
    public static let budget = 512 << 20
    /// Painting cost between keyframes to begin with: a few ms of playing.
    public static let spacing = 4000

    private final class Shared: Sendable {
        let frames = Mutex<(frames: [Keyframe], spill: KeyframeSpill?)>(([], nil))
        let cancelled = Atomic<Bool>(false)
        let ready = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)
    }

    private let shared = Shared()

    /// Starts keeping `history`'s keyframes on a thread of its own, in a scratch file in
    /// `folder` (none are kept when no file can be made there: seeks play from the start).
    public init(_ history: DrawingHistory, scratchFolder folder: String, budget: Int = HistoryKeyframes.budget,
                spacing: Int = HistoryKeyframes.spacing) {
        let shared = self.shared
        DispatchQueue.global(qos: .userInitiated).async {
            if let spill = KeyframeSpill.make(in: folder) {
                Self.build(history, spill: spill, budget: max(budget, 0), spacing: max(spacing, 1), into: shared)
            }
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
    public var count: Int { shared.frames.withLock { $0.frames.count } }

    /// The bytes of their tiles in the scratch file.
    public var bytes: Int { shared.frames.withLock { $0.spill?.length ?? 0 } }

    /// The latest keyframe at or before drawing time `time`, if one is kept, and its file.
    func latest(atOrBefore time: Double) -> (Keyframe, KeyframeSpill)? {
        shared.frames.withLock { kept in
            guard let spill = kept.spill, let k = kept.frames.last(where: { $0.time <= time }) else { return nil }
            return (k, spill)
        }
    }

    // MARK: - Keeping them

    private static func build(_ history: DrawingHistory, spill first: KeyframeSpill, budget: Int, spacing start: Int, into shared: Shared) {
        let player = HistoryPlayer(history)
        var spill = first
        var spacing = start
        var frames: [Keyframe] = []
        var writer = KeyframeWriter()
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
            // A full disk ends the keeping: the keyframes kept so far still serve.
            guard let k = writer.keyframe(of: player, into: spill) else { return }
            frames.append(k)
            while spill.length > budget && frames.count > 1 {
                // Every other one goes (the first stays): the spacing doubles, evenly.
                frames = frames.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                spacing *= 2
                guard let moved = KeyframeSpill.make(in: spill.folder), move(&frames, from: spill, to: moved) else { return }
                spill = moved
                // The next keyframe shares nothing with tiles the old file held.
                writer = KeyframeWriter()
            }
            let kept = (frames, spill)
            shared.frames.withLock { $0 = kept }
        }
    }

    /// Copies the tiles `frames` name from `old` to `new`, each once.
    private static func move(_ frames: inout [Keyframe], from old: KeyframeSpill, to new: KeyframeSpill) -> Bool {
        var moved: [Int: Int] = [:]
        for i in frames.indices {
            guard frames[i].picture.move(from: old, to: new, moved: &moved) else { return false }
            for b in frames[i].undoBases.indices {
                guard frames[i].undoBases[b].picture.move(from: old, to: new, moved: &moved) else { return false }
            }
        }
        return true
    }
}

extension DrawingSession.State {
    /// Keeps only the open strokes' layer cells a later piece of theirs can still merge with.
    ///
    /// A long stroke's layer covers a wide area (megabytes of cells an hour in). A piece merges
    /// with a cell only when its own arc length, never less than the pen's `arcLength` now,
    /// is within the merge window (`2 · outer + 1`, a little over the pen's width) of the
    /// cell's stamp; otherwise it paints over the cell exactly as over a blank one (no merge,
    /// not settled: `PixelBuffer.Quad.paint`). So cells stamped well before `arcLength`, less
    /// four widths and 16 px of slack for single-precision stamps, behave as blank cells.
    mutating func keepRecentCells() {
        for k in marbles.indices where marbles[k].pen.isOpen {
            let pen = marbles[k].pen
            let oldest = Float(pen.arcLength) - Float(4 * pen.width + 16)
            cells[k].removeAll { $0.cell.stamp < oldest }
        }
    }
}
