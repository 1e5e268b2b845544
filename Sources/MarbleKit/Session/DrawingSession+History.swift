/// Undo and redo of whole strokes, and clearing the canvas (a step that can be undone too).
///
/// The history is a list of steps: a stroke, or a clear. The canvas shows the strokes after the
/// last clear in the history. Undo moves the last step to the redo list and re-renders; a new
/// stroke forgets the redo list. An edit while the pen is down closes the open stroke; the next
/// stroke starts where the ball is once it moves, so pressing undo again and again with the pen
/// down, the ball at rest, never starts a stroke that would forget what could be redone.
extension DrawingSession {
    /// One step of a drawing's history.
    public enum EditStep: Equatable, Sendable {
        /// The stroke at this index of `strokes`.
        case stroke(Int)
        /// The canvas was cleared.
        case clear
    }

    /// Whether there is an undone step to bring back.
    public var canRedo: Bool { !undone.isEmpty }

    /// The strokes on the canvas now, oldest first.
    public var visibleStrokes: [Stroke] { visibleStrokeIndices.map { strokes[$0] } }

    var visibleStrokeIndices: [Int] {
        var out: [Int] = []
        for step in history.reversed() {
            guard case .stroke(let i) = step else { break }
            out.append(i)
        }
        return out.reversed()
    }

    /// Takes back the last stroke or clear; false when there is nothing to undo.
    @discardableResult
    public func undo() -> Bool {
        guard !history.isEmpty else { return false }
        closeStrokeForEdit()
        undone.append(history.removeLast())
        undoBases.trim(to: history.count)
        rerender()
        return true
    }

    /// Brings back the last undone step; false when there is nothing to redo.
    @discardableResult
    public func redo() -> Bool {
        guard let step = undone.popLast() else { return false }
        closeStrokeForEdit()
        history.append(step)
        rerender()
        return true
    }

    /// Clears the canvas as a step that can be undone; false when it is blank already.
    @discardableResult
    public func clearCanvas() -> Bool {
        closeStrokeForEdit()
        guard !visibleStrokeIndices.isEmpty else { return false }
        forgetUndone()
        history.append(.clear)
        rerender()
        return true
    }

    // MARK: - Internals

    /// Ends the open stroke at its last point; a new one starts when the ball next moves.
    ///
    /// No closing piece to the ball (as a pen lift adds): it would change the picture, and undo
    /// then redo must give back exactly the picture before. The ball is under 2 px from that
    /// point, inside the new stroke's starting dot.
    func closeStrokeForEdit() {
        // An edit takes back the last stroke of any marble: every open one is closed first.
        for k in marbles.indices where marbles[k].pen.isOpen {
            canvas.endStroke(pen: &marbles[k].pen)
            marbles[k].strokePending = true
            marbles[k].openStroke = nil
        }
    }

    /// Saved pictures of the canvas after the first `steps` steps of the history, taken every
    /// `spacing` steps as strokes begin, newest last, within a memory budget. Each picture is
    /// kept in tiles shared with the one before it (`TiledPicture`), so it costs what changed.
    /// Valid while the history keeps that prefix: undoing below it drops the picture.
    struct UndoBases {
        struct Base {
            var steps: Int
            var picture: TiledPicture
        }

        static let spacing = 8
        /// Bytes of tiles kept (each picture counts the tiles it does not share with the one
        /// before it): 12 MB, where whole pictures took 64 MB for 16 pictures at 1280×800. It was
        /// 24 MB: at 12 the first undo after reopening a 1M-segment drawing still takes 1.5 ms,
        /// an undo 1 ms and a redo 23 ms, and the window's memory is 12 MB less.
        static let budget = 12 << 20
        var bases: [Base] = []

        func newest(atMost count: Int) -> Base? { bases.last { $0.steps <= count } }

        /// The bytes the pictures hold.
        var bytes: Int { bases.reduce(0) { $0 + $1.picture.ownBytes } }

        /// Forgets pictures of prefixes longer than `count` steps (the history shrank below them).
        mutating func trim(to count: Int) { bases.removeAll { $0.steps > count } }

        /// Keeps only the `n` newest pictures.
        mutating func trim(toNewest n: Int) {
            guard bases.count > n else { return }
            bases.removeFirst(bases.count - max(n, 0))
            if !bases.isEmpty { bases[0].picture.ownAll() }
        }

        /// Keeps a picture after `steps` steps, every `spacing` steps (or `always`).
        mutating func record(steps: Int, canvas: Canvas, always: Bool = false) {
            guard steps > 0, always || steps % Self.spacing == 0, steps > bases.last?.steps ?? 0 else { return }
            guard canvas.width * canvas.height * 4 <= Self.budget else { return }
            bases.append(Base(steps: steps, picture: TiledPicture(canvas, after: bases.last?.picture)))
            keepWithinBudget()
        }

        /// Takes in a picture painted elsewhere (see `UndoSeed`), in order of steps.
        mutating func adopt(_ base: Base) {
            guard !bases.contains(where: { $0.steps == base.steps }), base.picture.ownBytes <= Self.budget else { return }
            bases.append(base)
            bases.sort { $0.steps < $1.steps }
            // The first one shares with nothing kept.
            if !bases.isEmpty { bases[0].picture.ownAll() }
            keepWithinBudget()
        }

        private mutating func keepWithinBudget() {
            while bases.count > 1 && bytes > Self.budget {
                bases.removeFirst()
                bases[0].picture.ownAll()
            }
        }
    }

    /// Drops what could be redone: a new step makes it unreachable.
    func forgetUndone() {
        guard !undone.isEmpty else { return }
        undone.removeAll()
        // Undone strokes are the newest: everything past the last stroke still in the history.
        var keep = 0
        for case .stroke(let i) in history { keep = max(keep, i + 1) }
        strokes.removeSubrange(keep...)
    }

    /// Paints the canvas afresh from the visible strokes (bit for bit as they were painted).
    ///
    /// Starts from the newest saved picture of a history prefix still in force (see
    /// `UndoBases`), so an undo repaints a few strokes rather than all of them.
    func rerender() {
        waitForUndoSeed()
        var lastClear = -1
        for (k, step) in history.enumerated() where step == .clear { lastClear = k }
        var from = lastClear + 1
        if let base = undoBases.newest(atMost: history.count), base.steps > lastClear {
            canvas.restorePicture(base.picture.pixels)
            from = base.steps
        } else {
            canvas.clear()
        }
        // Each stroke with its own marble's pen, as it was painted; a picture on the way
        // whenever the strokes painted so far are whole and no later one is begun.
        let indices = history[from...].compactMap { step -> Int? in if case .stroke(let i) = step { i } else { nil } }
        var pens = marbles.map(\.pen)
        StrokeReplay.paint(indices, of: strokes, on: canvas, pens: &pens) { done in
            undoBases.record(steps: from + done, canvas: canvas)
        }
        for k in marbles.indices { marbles[k].pen = pens[k] }
    }
}
