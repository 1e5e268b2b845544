/// A drawing session to read and never change: what a stored drawing shows the world.
///
/// It reads the session as it is now (it holds the session, not a copy). Everything a front end
/// or a report needs is here; feeding and editing go through the `StoredDrawing`, so that they
/// reach its journal.
public struct ReadOnlySession {
    private let session: DrawingSession

    /// A read-only look at `session`.
    public init(_ session: DrawingSession) {
        self.session = session
    }

    public var configuration: SessionConfiguration { session.configuration }
    /// The picture, to show or export.
    ///
    /// `Canvas` keeps its stroke methods public for canvases of one's own; painting on this one
    /// would put the picture out of step with the strokes and the journal.
    public var canvas: Canvas { session.canvas }

    // MARK: - The marbles

    /// Every marble on the board (its ball, input and movement), in order: one to four.
    public var marbles: [Marble] { session.marbles }

    // MARK: - The clock

    /// The physics clock: the time of the last step taken.
    public var time: Double { session.time }
    /// Physics steps taken since the first sample.
    public var stepCount: Int64 { session.stepCount }
    /// Seconds from the first to the last accepted sample.
    public var duration: Double { session.duration }
    /// Samples accepted and dropped (NaN or infinite values).
    public var acceptedSamples: Int { session.acceptedSamples }
    public var droppedSamples: Int { session.droppedSamples }

    // MARK: - Strokes and history

    /// Every stroke drawn and not yet forgotten, in order (see `DrawingSession.strokes`).
    public var strokes: [Stroke] { session.strokes }
    /// Straight pieces on the canvas; a lone dot counts as one.
    public var segmentCount: Int { session.segmentCount }
    /// The edits in force, oldest first.
    public var history: [DrawingSession.EditStep] { session.history }
    /// The edits undone, most recently undone last.
    public var undone: [DrawingSession.EditStep] { session.undone }
    /// Whether there is an undone step to bring back.
    public var canRedo: Bool { session.canRedo }
    /// Whether there is a stroke or clear to undo.
    public var canUndo: Bool { !session.history.isEmpty }

    /// The summary of the drawing so far (see `DrawingSession.report(hash:)`).
    public func report(hash: (UnsafeRawBufferPointer) -> String = { SHA256.hex($0) }) -> DrawingReport { session.report(hash: hash) }
}
