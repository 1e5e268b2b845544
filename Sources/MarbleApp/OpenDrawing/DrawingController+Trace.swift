import MarbleKit

/// The open drawing's trace challenge: which shape it traces, and its score.
///
/// The shape is the stored drawing's (`StoredDrawing.trace`, from its setup record), so a
/// drawing started with a shape keeps its guide when it is continued after a relaunch.
extension DrawingController {
    /// The shape drawing `d` traces, if any: the one it was set up with (kept in its journal).
    func trace(of d: StoredDrawing) -> TraceShape? {
        d.trace ?? traceOverrides[d.id]
    }

    /// Traces `shape` in a drawing set up without one, for this launch only.
    func rememberTrace(_ shape: TraceShape?, of d: StoredDrawing) {
        traceOverrides[d.id] = shape
    }

    // MARK: - The open drawing's challenge

    /// The shape the open drawing traces, if any.
    public var trace: TraceShape? { drawing.flatMap { trace(of: $0) } }

    /// Scores the open drawing against its shape (nil for a free drawing) and keeps the score
    /// for the end screen.
    @discardableResult
    func scoreTrace() -> TraceScore? {
        guard let d = drawing, let shape = trace(of: d) else {
            traceScore = nil
            return nil
        }
        let session = d.session
        traceScore = TraceScore(shape, canvas: session.canvas, penWidth: session.configuration.parameters.penWidth)
        return traceScore
    }
}
