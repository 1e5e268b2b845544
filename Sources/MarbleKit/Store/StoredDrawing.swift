/// A drawing open from the store: its live session, saved as it goes.
///
/// Samples and edits go through it, so that everything reaches the journal; `session` only
/// reads. `saveIfDue()` after each sample keeps at most `policy.autosaveInterval` of drawing
/// unsaved; `close()` saves, writes a fresh snapshot and thumbnail, and releases the drawing.
///
/// It keeps the drawing's identity and three parts: the `JournalWriter` (appends), the
/// `SnapshotSchedule` (background snapshots) and the `SavePolicy` (when to do either).
public final class StoredDrawing {
    public let id: String
    let store: DrawingStateStore
    // The session itself: only this object feeds and edits it, recording what it does.
    let live: DrawingSession
    public private(set) var title: String
    /// Wall-clock times, seconds since 1970.
    public let created: Double
    public private(set) var modified: Double
    /// The shape the drawing traces, if any (from its setup record).
    public let trace: TraceShape?
    /// What opening the drawing found wrong and recovered, in words; empty when all was well.
    public private(set) var recoveryNotes: [String]
    /// When it saves and snapshots.
    public var policy: SavePolicy
    let journal: JournalWriter
    let snapshots: SnapshotSchedule
    // The drawing's lock (flock on `lock`), held until `close()`.
    private var lockFD: Int32

    /// What opening a drawing found: everything a `StoredDrawing` starts from.
    struct Opened {
        var id: String
        var session: DrawingSession
        var title: String
        var created: Double
        var modified: Double
        var trace: TraceShape?
        var notes: [String]
        var journal: JournalWriter
        var snapshots: SnapshotSchedule
        var lockFD: Int32
    }

    init(_ o: Opened, store: DrawingStateStore, policy: SavePolicy) {
        id = o.id
        self.store = store
        live = o.session
        title = o.title
        created = o.created
        modified = o.modified
        trace = o.trace
        recoveryNotes = o.notes
        journal = o.journal
        snapshots = o.snapshots
        lockFD = o.lockFD
        self.policy = policy
    }

    deinit { release() }

    /// The drawing's folder in the store.
    public var folder: String { store.folder(of: id) }
    var journalPath: String { journal.path }
    /// How long the journal is, in bytes, as written so far: what `DrawingStateStore.history`
    /// reads back later, as of now, however the drawing goes on.
    public var journalLength: Int { journal.end.length }
    var snapshotPath: String { folder + "/snapshot" }
    /// The snapshot before the newest: kept, so that damage to the newest costs at most
    /// `snapshotInterval` of drawing.
    var olderSnapshotPath: String { folder + "/snapshot.1" }
    public var thumbnailPath: String { folder + "/thumbnail.png" }

    /// The drawing being made, to read: it changes only through this object's methods.
    public var session: ReadOnlySession { ReadOnlySession(live) }

    /// The time a continued drawing's clock resumes at: the last sample's time.
    ///
    /// A sample at time t of the next recording is fed at `resumeTime + t`.
    public var resumeTime: Double { live.marbles[0].input?.t ?? 0 }

    // MARK: - Drawing

    /// Feeds every marble a sample (at `row[0]`'s time), as `DrawingSession.feed(_:)` does; the
    /// journal keeps the row together, marble by marble.
    @discardableResult
    public func feed(_ row: [Sample]) throws(SessionError) -> DrawingSession.Verdict {
        try checkKept(row)
        let verdict = try live.feed(row)
        for var s in row {
            s.t = row[0].t
            journal.add(s)
        }
        if journal.pendingSampleCount >= 100_000 { frameSamples() }
        return verdict
    }

    /// Refuses see-through samples in a drawing of version 3 (two marbles, an earlier build's):
    /// its checkpoints are in a layout a version 5 journal does not name, so it stays version 3.
    private func checkKept(_ row: [Sample]) throws(SessionError) {
        guard journal.version == StoreFormat.twoMarbleVersion, let s = row.first(where: { $0.opacity != 1 }) else { return }
        throw .notKept(opacity: s.opacity)
    }

    /// Runs the physics on to time `t` with the input held (a frame with no new sample).
    ///
    /// The steps taken are recorded with the next save or edit, so the journal replays them.
    public func advance(to t: Double) throws(SessionError) {
        try live.advance(to: t)
    }

    /// Saves when `policy.autosaveInterval` of drawing time has passed since the last save.
    @discardableResult
    public func saveIfDue() throws(StoreError) -> Bool {
        let now = live.marbles[0].input?.t ?? 0
        guard let last = journal.lastSaveTime else {
            journal.startClock(at: now)
            if journal.hasPending { try save() }
            return true
        }
        guard now - last >= policy.autosaveInterval else { return false }
        try save(waitForDisk: !policy.syncInBackground)
        return true
    }

    /// Undoes the last stroke or clear, and saves at once.
    @discardableResult
    public func undo() throws(StoreError) -> Bool {
        try edit(live.undo()) { .undo($0) }
    }

    /// Redoes the last undone step, and saves at once.
    @discardableResult
    public func redo() throws(StoreError) -> Bool {
        try edit(live.redo()) { .redo($0) }
    }

    /// Clears the canvas (a step that can be undone), and saves at once.
    @discardableResult
    public func clearCanvas() throws(StoreError) -> Bool {
        try edit(live.clearCanvas()) { .clear($0) }
    }

    /// Renames the drawing.
    public func rename(_ newTitle: String) throws(StoreError) {
        frameSamples()
        title = StoreFormat.clippedTitle(newTitle)
        journal.add(.title(title, stamp()))
        try save()
    }

    private func edit(_ done: Bool, _ record: (Journal.Summary) -> Journal.Record) throws(StoreError) -> Bool {
        guard done else { return false }
        frameSamples()
        journal.add(record(stamp()))
        try save()
        return true
    }

    // MARK: - Saving

    /// Makes everything fed so far durable: one append and one fdatasync.
    ///
    /// On failure (a full disk) the journal is cut back to its last good record, nothing fed is
    /// forgotten (the next save tries again), and the error says what is safe.
    public func save() throws(StoreError) {
        try save(waitForDisk: true)
    }

    func save(waitForDisk: Bool) throws(StoreError) {
        frameSamples()
        guard try journal.write(now: live.marbles[0].input?.t, duration: live.duration, waitForDisk: waitForDisk) else { return }
        snapshots.changed()
        if snapshots.isDue(policy, duration: live.duration) {
            // Written on a background thread so that this save stays an append: only copying
            // the pixels and the open stroke's cells happens here. A failed snapshot costs
            // nothing: the journal holds the drawing.
            snapshots.start(snapshotJob(), duration: live.duration)
        }
    }

    /// Saves, then writes a fresh snapshot, the thumbnail and the gallery's index entry, and
    /// waits until they are on disk.
    public func checkpoint() throws(StoreError) {
        try save()
        snapshots.wait()
        try snapshots.run(snapshotJob(), duration: live.duration)
    }

    /// Saves (with a snapshot when anything changed) and releases the drawing.
    public func close() throws(StoreError) {
        defer { release() }
        snapshots.wait()
        try journal.confirm()
        if snapshots.isOwed || journal.hasPending || !Files.exists(snapshotPath) {
            try checkpoint()
        }
    }

    /// Waits for a snapshot being written in the background, if any.
    public func waitForSnapshot() { snapshots.wait() }

    func release() {
        live.cancelUndoSeed()
        snapshots.wait()
        journal.close()
        if lockFD >= 0 { POSIX.close(lockFD) }
        lockFD = -1
    }

    /// What the gallery shows for this drawing.
    public var entry: DrawingSummary {
        DrawingSummary(id: id, title: title, created: created, modified: modified,
                       duration: live.duration, segments: live.segmentCount,
                       journalLength: journal.end.length, thumbnailPath: thumbnailPath,
                       trace: trace, marbles: live.marbles.map(\.movement.figures))
    }

    /// Puts what was wrong with the file the drawing came from before the notes of opening it.
    func noteDamagedSource(_ note: String) {
        recoveryNotes.insert(note, at: 0)
    }

    /// The summary a new record carries, stamped with the wall clock now (the drawing's
    /// modified time becomes now).
    private func stamp() -> Journal.Summary {
        modified = store.environment.clock()
        return Journal.Summary(wall: modified, duration: live.duration, segments: live.segmentCount, step: live.stepCount,
                               marbles: live.marbles.map(\.movement.figures))
    }

    private func frameSamples() {
        snapshots.count(samples: journal.frameSamples(stamp()))
    }
}

/// Seconds as "12.5 s".
public func formatSeconds(_ s: Double) -> String {
    let tenths = (s * 10).rounded()
    guard tenths.isFinite, abs(tenths) < 1e15 else { return "? s" }
    let t = Int(tenths)
    return "\(t / 10).\(abs(t) % 10) s"
}
