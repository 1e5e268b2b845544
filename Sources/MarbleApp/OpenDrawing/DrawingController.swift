import MarbleKit

/// The drawing open in the window: opening and closing it through the store, its clock,
/// pausing, autosaves and exports.
///
/// Every store call the window makes goes through here and throws what went wrong; the app
/// decides how to tell the player.
public final class DrawingController {
    public let store: DrawingStateStore
    /// Where Save picture and Save log write.
    public let exportFolder: String
    /// The drawing open, on the drawing and end screens.
    public private(set) var drawing: StoredDrawing?
    /// Why the drawing is not running, if it is not.
    public private(set) var paused: PauseReason?
    /// The drawing's clock: the time the next sample gets.
    public private(set) var time = 0.0
    /// The last picture or log saved from this drawing, for the end screen.
    public internal(set) var lastExport: String?
    /// The open drawing's trace score, as of the last `scoreTrace()` (the end screen's stars).
    public internal(set) var traceScore: TraceScore?
    /// The time-lapse being filmed off the frame loop, if any.
    var film: ExportJob?
    /// The picture being saved off the frame loop, if any.
    var picture: ExportJob?
    /// How far the time-lapse being filmed had got at the last frame (0 to 1), or nil when none
    /// is: read once a frame, so a scene stays a function of the app's state.
    public internal(set) var filmProgress: Double?
    /// Whether a picture was being saved at the last frame.
    public internal(set) var savingPicture = false
    // Shapes given for this launch to drawings that were stored without one (`play --continue
    // --trace`): the store keeps a drawing's shape from its setup and never changes it.
    var traceOverrides: [String: TraceShape] = [:]

    init(store: DrawingStateStore, exportFolder: String) {
        self.store = store
        self.exportFolder = exportFolder
    }

    // MARK: - Opening and closing

    /// Starts a new drawing in the store, over `board` (if any), tracing `trace` (if any), and opens it.
    func create(_ configuration: SessionConfiguration, board: Board? = nil, trace: TraceShape? = nil) throws(StoreError) -> StoredDrawing {
        // A frame must not wait for the disk: autosaves write, and a background thread flushes.
        let d = try store.create(configuration: configuration, board: board, trace: trace, policy: .window)
        enter(d)
        return d
    }

    /// Opens a stored drawing where it stopped (the one open already, if it is that one).
    func open(_ id: String) throws(StoreError) -> StoredDrawing {
        if let d = drawing, d.id == id { enter(d); return d }
        let d = try store.open(id, policy: .window)
        enter(d)
        return d
    }

    private func enter(_ d: StoredDrawing) {
        // The end screen's "Saved:" line belongs to the drawing it was saved from.
        if drawing?.id != d.id { lastExport = nil }
        traceScore = nil
        drawing = d
        time = d.resumeTime
        paused = nil
    }

    /// Stops the drawing's clock (for `why`); the app saves.
    func pause(_ why: PauseReason) { paused = why }

    /// Starts the clock again; false when it was running.
    func resume() -> Bool {
        guard paused != nil else { return false }
        paused = nil
        return true
    }

    /// Hands the open drawing's physics steps to `listener` as they run (the sound).
    func listen(_ listener: @escaping (SoundStep) -> Void) {
        drawing?.stepListener = listener
    }

    /// Saves and closes the drawing; it is closed even when the save fails.
    func close() throws(StoreError) {
        cancelExports()
        guard let d = drawing else { return }
        d.stepListener = nil
        drawing = nil
        paused = nil
        traceScore = nil
        try d.close()
    }

    // MARK: - Drawing

    /// Feeds one frame's controls and tools to the drawing, one a marble, `dt` seconds after
    /// the last, then autosaves on the store's schedule.
    func step(_ players: [(ControlOutput, PenTool)], dt: Double) throws(FrameFailure) {
        guard let d = drawing, players.count == d.session.marbles.count else { return }
        time += dt
        let c = d.session.configuration
        let row = players.map { out, tool in
            Sample(t: time, tilt: out.tilt, heading: out.heading, penDown: out.penDown, width: tool.width(c), erase: tool.erase,
                   opacity: tool.opacity)
        }
        do {
            _ = try d.feed(row)
        } catch {
            paused = .user
            throw .session(error)
        }
        do {
            _ = try d.saveIfDue()
        } catch {
            // Nothing is lost: the samples stay pending and the next save retries.
            throw .save(error)
        }
    }

    /// What can go wrong in a frame: the drawing cannot go on, or an autosave failed.
    enum FrameFailure: Error {
        case session(SessionError)
        case save(StoreError)
    }

    /// Saves the journal now (window hidden, paused, a pad gone).
    func save() throws(StoreError) {
        try drawing?.save()
    }

    /// Takes back the last stroke or clear; false when there is none.
    func undo() throws(StoreError) -> Bool { try drawing?.undo() ?? false }

    /// Brings back the last step taken back; false when there is none.
    func redo() throws(StoreError) -> Bool { try drawing?.redo() ?? false }

    /// A fresh thumbnail and gallery entry, so the end screen and the gallery agree.
    func checkpoint() throws(StoreError) {
        try drawing?.checkpoint()
    }

    enum ExportError: Error, CustomStringConvertible {
        case noPictures, noTimelapses
        var description: String {
            switch self {
            case .noPictures: tr("Pictures cannot be saved here.")
            case .noTimelapses: tr("Time-lapses cannot be saved here.")
            }
        }
    }
}
