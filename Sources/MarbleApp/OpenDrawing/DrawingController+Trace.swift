import MarbleKit

/// The open drawing's trace challenge: which shape it traces, and its score.
///
/// The shape lives in one place: `trace(of:)` reads it and `rememberTrace(_:of:)` writes it,
/// and nothing else touches `tracesInMemory`. Until the store keeps a drawing's shape, those
/// two are a map for this launch only: a drawing started with a shape keeps its guide when it is
/// continued (Draw more, Continue, the gallery) until marble quits.
extension DrawingController {
    // MARK: - STORE SEAM (issue 14): the stored drawing's `trace: TraceShape?`
    //
    // When `StoredDrawing` gains `trace` (the lead is changing the store's format), these two
    // become `d.trace` and setting it when the drawing is created (`store.create(…, trace:)`),
    // and `tracesInMemory` goes. Nothing else in the app reads or writes a drawing's shape.

    /// The shape drawing `d` traces, if any.
    func trace(of d: StoredDrawing) -> TraceShape? {
        tracesInMemory[d.id]
    }

    /// Keeps the shape a new drawing `d` traces (nil: a free drawing).
    func rememberTrace(_ shape: TraceShape?, of d: StoredDrawing) {
        tracesInMemory[d.id] = shape
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
