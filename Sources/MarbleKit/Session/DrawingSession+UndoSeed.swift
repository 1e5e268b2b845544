import Dispatch
import Synchronization

/// Pictures for undo, painted in the background after a drawing is reopened.
///
/// A session keeps pictures of its history's prefixes (`UndoBases`) as strokes begin, so an
/// undo repaints a few strokes rather than all of them; but they live in memory only, and a
/// reopened drawing has none: its first undo would repaint every stroke (a second at a million
/// segments). `seedUndoBases()` paints the same pictures on another thread, from a copy of the
/// strokes and history, onto a canvas of its own, plus the picture just before the last step,
/// so the first undo is a copy. The frame never waits for it; an undo that comes before the
/// seed is done waits only for the rest of it. The pictures are painted by the same code as
/// `rerender`, so they are the same bit for bit.
extension DrawingSession {
    /// Starts painting the history's pictures in the background (see above).
    public func seedUndoBases() {
        guard undoSeed == nil, history.count > 1 else { return }
        undoSeed = UndoSeed(configuration: configuration, board: canvas.board, strokes: strokes, history: history)
    }

    /// Stops painting the pictures (the drawing is closed: nobody will undo in it).
    func cancelUndoSeed() {
        undoSeed?.cancel()
        undoSeed = nil
    }

    /// Waits for the background pictures, if any are being painted, and takes them in.
    public func waitForUndoSeed() {
        guard let seed = undoSeed else { return }
        undoSeed = nil
        let seeded = seed.wait()
        // A picture stays valid while the history still begins with the steps it shows.
        for base in seeded.bases where base.steps <= history.count
            && history[..<base.steps].elementsEqual(seed.history[..<base.steps]) {
            undoBases.adopt(base)
        }
    }

    /// The background painter: one thread, one canvas, one hand-over.
    final class UndoSeed: @unchecked Sendable {
        let history: [EditStep]
        // Written by the painter before `done` is signalled, read only after waiting on it.
        private var result = UndoBases()
        private let done = DispatchSemaphore(value: 0)
        // Set when the session goes (a drawing dropped or closed): the painter stops early.
        private let cancelled = Atomic<Bool>(false)

        init(configuration: SessionConfiguration, board: Board?, strokes: [Stroke], history: [EditStep]) {
            self.history = history
            DispatchQueue.global(qos: .utility).async { [self] in
                let canvas = Canvas(width: configuration.canvasWidth, height: configuration.canvasHeight,
                                    background: configuration.background, board: board)
                var bases = UndoBases()
                var pens = [Canvas.Pen](repeating: Canvas.Pen(), count: configuration.marbles)
                // The strokes between clears, painted as they were (several marbles' interleaved).
                var run: [Int] = [], runStart = 0
                func paintRun() {
                    StrokeReplay.paint(run, of: strokes, on: canvas, pens: &pens) { n in
                        // The picture before the last step makes the first undo a copy.
                        bases.record(steps: runStart + n, canvas: canvas, always: runStart + n == history.count - 1)
                    }
                    run.removeAll()
                }
                for (k, step) in history.enumerated() {
                    if cancelled.load(ordering: .relaxed) { break }
                    switch step {
                    case .stroke(let i):
                        if run.isEmpty { runStart = k }
                        run.append(i)
                        // One marble's strokes go one at a time, so a cancel stops it soon.
                        if configuration.marbles == 1 { paintRun() }
                    case .clear:
                        paintRun()
                        canvas.clear()
                        bases.record(steps: k + 1, canvas: canvas, always: k + 1 == history.count - 1)
                    }
                }
                if !cancelled.load(ordering: .relaxed) { paintRun() }
                result = bases
                done.signal()
            }
        }

        /// Stops the painting: nobody will take the pictures.
        func cancel() { cancelled.store(true, ordering: .relaxed) }

        /// The pictures, once painted.
        func wait() -> UndoBases {
            done.wait()
            done.signal()
            return result
        }
    }
}
