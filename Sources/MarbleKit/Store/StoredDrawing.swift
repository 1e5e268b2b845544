import Foundation

/// A drawing open from the store: its live session, saved as it goes.
///
/// Samples and edits go through it, so that everything reaches the journal; `session` only
/// reads. `saveIfDue()` after each sample keeps at most `autosaveInterval` of drawing unsaved;
/// `close()` saves, writes a fresh snapshot and thumbnail, and releases the drawing.
public final class StoredDrawing {
    public let id: String
    public let folder: String
    /// The drawing being made, to read: it changes only through this object's methods.
    public var session: ReadOnlySession { ReadOnlySession(live) }
    // The session itself: only this object feeds and edits it, recording what it does.
    let live: DrawingSession
    public internal(set) var title: String
    /// Wall-clock times, seconds since 1970.
    public let created: Double
    public internal(set) var modified: Double
    /// What opening the drawing found wrong and recovered, in words; empty when all was well.
    public internal(set) var recoveryNotes: [String] = []

    /// Drawing time between autosaves, in s: well inside the promise of losing at most 1 s.
    public var autosaveInterval = 0.5
    /// Samples replayed from the journal after the snapshot before a new snapshot is due.
    public var snapshotEvery = 16_384
    /// Drawing time between snapshots, in s: a damaged journal record then costs at most
    /// this much drawing (the newest intact snapshot and the records after it are kept).
    public var snapshotInterval = 60.0
    /// The shape the drawing traces, if any (from its setup record).
    public internal(set) var trace: TraceShape?
    /// Whether autosaves leave the journal's `fdatasync` to a background thread.
    ///
    /// For a frame loop: an autosave then costs only its `write`, which already survives the
    /// process being killed; the disk confirms it a few milliseconds later. `save()`, edits,
    /// `checkpoint()` and `close()` always wait for the disk.
    public var syncInBackground = false

    let store: DrawingStateStore
    var journalFD: Int32 = -1
    var lockFD: Int32 = -1
    var journalLength: Int
    var journalCRC: UInt32
    // Where the journal's last record starts (a snapshot names it, to be found past damage).
    var journalRecordStart: Int
    // The journal header's version: a version 1 journal is marked 2 before its first new record.
    var journalVersion = StoreFormat.journalVersion
    // The drawing's duration at the last snapshot.
    var snapshotDuration = 0.0
    // Framed records and samples not yet in the journal.
    var pending: [UInt8] = []
    var pendingSamples: [Sample] = []
    var lastSaveTime: Double?
    var samplesSinceSnapshot = 0
    // How much drawing the journal holds, for the message when a save fails.
    var lastSavedDuration = 0.0
    var changedSinceSnapshot = false
    let writer = SnapshotWriter()
    let syncer = JournalSyncer()

    init(id: String, store: DrawingStateStore, session: DrawingSession, title: String, created: Double,
         modified: Double, journalLength: Int, journalCRC: UInt32, journalRecordStart: Int) {
        self.id = id
        self.store = store
        folder = store.folder(of: id)
        live = session
        self.title = title
        self.created = created
        self.modified = modified
        self.journalLength = journalLength
        self.journalCRC = journalCRC
        self.journalRecordStart = journalRecordStart
    }

    deinit {
        writer.wait()
        syncer.wait()
        if journalFD >= 0 { POSIX.close(journalFD) }
        if lockFD >= 0 { POSIX.close(lockFD) }
    }

    var journalPath: String { folder + "/journal" }
    var snapshotPath: String { folder + "/snapshot" }
    /// The snapshot before the newest: kept, so that damage to the newest costs at most
    /// `snapshotInterval` of drawing.
    var olderSnapshotPath: String { folder + "/snapshot.1" }
    public var thumbnailPath: String { folder + "/thumbnail.png" }

    /// The time a continued drawing's clock resumes at: the last sample's time.
    ///
    /// A sample at time t of the next recording is fed at `resumeTime + t`.
    public var resumeTime: Double { live.input?.t ?? 0 }

    // MARK: - Drawing

    /// Feeds a sample to the session and records it for the next save.
    @discardableResult
    public func feed(_ sample: Sample) throws(SessionError) -> DrawingSession.Verdict {
        let verdict = try live.feed(sample)
        pendingSamples.append(sample)
        if pendingSamples.count >= 100_000 { flushSamples() }
        return verdict
    }

    /// Runs the physics on to time `t` with the input held (a frame with no new sample).
    ///
    /// The steps taken are recorded with the next save or edit, so the journal replays them.
    public func advance(to t: Double) throws(SessionError) {
        try live.advance(to: t)
    }

    /// Saves when `autosaveInterval` of drawing time has passed since the last save.
    @discardableResult
    public func saveIfDue() throws(StoreError) -> Bool {
        let now = live.input?.t ?? 0
        guard let last = lastSaveTime else {
            lastSaveTime = now
            if !pendingSamples.isEmpty { try save() }
            return true
        }
        guard now - last >= autosaveInterval else { return false }
        try save(waitForDisk: !syncInBackground)
        return true
    }

    /// Undoes the last stroke or clear, and saves at once.
    @discardableResult
    public func undo() throws(StoreError) -> Bool {
        try edit(live.undo(), .undo)
    }

    /// Redoes the last undone step, and saves at once.
    @discardableResult
    public func redo() throws(StoreError) -> Bool {
        try edit(live.redo(), .redo)
    }

    /// Clears the canvas (a step that can be undone), and saves at once.
    @discardableResult
    public func clearCanvas() throws(StoreError) -> Bool {
        try edit(live.clearCanvas(), .clear)
    }

    /// Renames the drawing.
    public func rename(_ newTitle: String) throws(StoreError) {
        flushSamples()
        title = StoreFormat.clippedTitle(newTitle)
        pending += Journal.frame(.title(title, summary()))
        try save()
    }

    private enum Edit { case undo, redo, clear }

    private func edit(_ done: Bool, _ kind: Edit) throws(StoreError) -> Bool {
        guard done else { return false }
        flushSamples()
        let s = summary()
        switch kind {
        case .undo: pending += Journal.frame(.undo(s))
        case .redo: pending += Journal.frame(.redo(s))
        case .clear: pending += Journal.frame(.clear(s))
        }
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
        flushSamples()
        lastSaveTime = live.input?.t ?? lastSaveTime
        guard !pending.isEmpty else { return }
        try append(pending, waitForDisk: waitForDisk)
        pending.removeAll(keepingCapacity: true)
        if (samplesSinceSnapshot >= snapshotEvery || live.duration - snapshotDuration >= snapshotInterval) && !writer.isRunning {
            // Keeps reopening fast: at most about `snapshotEvery` samples to replay after the
            // snapshot. Written on a background thread so that this save stays an append: only
            // copying the pixels and the open stroke's cells happens here. A failed snapshot
            // costs nothing: the journal holds the drawing.
            let job = snapshotJob()
            samplesSinceSnapshot = 0
            changedSinceSnapshot = false
            snapshotDuration = live.duration
            writer.start { job() }
        }
    }

    /// Saves, then writes a fresh snapshot, the thumbnail and the gallery's index entry, and
    /// waits until they are on disk.
    public func checkpoint() throws(StoreError) {
        try save()
        writer.wait()
        let job = snapshotJob()
        if case .failure(let error) = job() {
            changedSinceSnapshot = true
            throw error
        }
        samplesSinceSnapshot = 0
        changedSinceSnapshot = false
        snapshotDuration = live.duration
    }

    /// Saves (with a snapshot when anything changed) and releases the drawing.
    public func close() throws(StoreError) {
        defer { release() }
        writer.wait()
        syncer.wait()
        if let failed = syncer.takeFailure(), POSIX.syncData(journalFD) != 0 {
            throw .io(path: journalPath, reason: "\(failed); the disk did not confirm the last save")
        }
        if changedSinceSnapshot || writer.lastFailed || !pending.isEmpty || !pendingSamples.isEmpty || !Files.exists(snapshotPath) {
            try checkpoint()
        }
    }

    /// The work of writing a snapshot of the drawing as it is now, runnable on any thread.
    func snapshotJob() -> @Sendable () -> Result<Void, StoreError> {
        let meta = Snapshot.Meta(journalEnd: journalLength, journalCRC: journalCRC, journalStart: journalRecordStart,
                                 created: created, modified: modified, title: title)
        let state = live.state
        let entry = self.entry
        let store = self.store
        let snapshotPath = self.snapshotPath, olderPath = self.olderSnapshotPath, thumbnailPath = self.thumbnailPath
        return { () -> Result<Void, StoreError> in
            // The newest snapshot becomes the older one as a second name for the same file
            // (a link, then a rename over the older one), so `snapshot` is never missing: a
            // write that fails or a crash leaves it as it was.
            if Files.exists(snapshotPath) {
                let link = olderPath + ".new"
                _ = POSIX.unlink(link)
                if POSIX.link(snapshotPath, link) == 0 { _ = POSIX.rename(link, olderPath) }
            }
            do throws(AtomicFile.WriteError) {
                try AtomicFile.write(Snapshot.encode(state, meta: meta), to: snapshotPath, mode: 0o600, io: store.io)
            } catch {
                return .failure(.io(path: snapshotPath, reason: "\(error.reason); the journal is saved, so the drawing is safe"))
            }
            if let encode = store.pictureEncoder {
                let canvas = state.canvas
                let thumb = canvas.pixels.withUnsafeBytes {
                    Canvas.thumbnail(of: $0, width: canvas.width, height: canvas.height, maxWidth: 320, maxHeight: 200)
                }
                if let png = try? thumb.pixels.withUnsafeBytes({ try encode($0, thumb.width, thumb.height) }) {
                    try? AtomicFile.write(png, to: thumbnailPath, mode: 0o600, io: store.io)
                }
            }
            store.updateIndex(with: entry)
            return .success(())
        }
    }

    /// Waits for a snapshot being written in the background, if any.
    public func waitForSnapshot() { writer.wait() }

    func release() {
        live.cancelUndoSeed()
        writer.wait()
        syncer.wait()
        if journalFD >= 0 { POSIX.close(journalFD) }
        if lockFD >= 0 { POSIX.close(lockFD) }
        journalFD = -1
        lockFD = -1
    }

    /// What the gallery shows for this drawing.
    public var entry: DrawingSummary {
        DrawingSummary(id: id, title: title, created: created, modified: modified,
                       duration: live.duration, segments: live.segmentCount,
                       journalLength: journalLength, thumbnailPath: thumbnailPath,
                       movement: live.movement.figures, trace: trace)
    }

    func summary() -> Journal.Summary {
        modified = store.clock()
        return Journal.Summary(wall: modified, duration: live.duration, segments: live.segmentCount, step: live.stepCount,
                               movement: live.movement.figures)
    }

    func flushSamples() {
        guard !pendingSamples.isEmpty else { return }
        pending += Journal.frame(.samples(pendingSamples, summary()))
        samplesSinceSnapshot += pendingSamples.count
        pendingSamples.removeAll(keepingCapacity: true)
    }

    private func append(_ bytes: [UInt8], waitForDisk: Bool) throws(StoreError) {
        guard journalFD >= 0 else { throw .io(path: journalPath, reason: "the drawing is closed") }
        if let failed = syncer.takeFailure(), POSIX.syncData(journalFD) != 0 {
            // The disk refused an earlier background flush and still does: say so, keep what is fed.
            throw .io(path: journalPath, reason: "\(failed); the disk did not confirm the last save")
        }
        var failure: String?
        if journalVersion < StoreFormat.journalVersion {
            // Every record this build writes is a version 2 kind.
            failure = Journal.upgradeHeader(journalFD, io: store.io)
            if failure == nil { journalVersion = StoreFormat.journalVersion }
        }
        if failure == nil {
            failure = POSIX.seek(journalFD, to: journalLength) < 0 ? AtomicFile.errnoText() : store.io.writeAll(journalFD, bytes)
        }
        if failure == nil {
            if waitForDisk {
                if POSIX.syncData(journalFD) != 0 { failure = AtomicFile.errnoText() }
            } else {
                syncer.request(journalFD)
            }
        }
        if let failure {
            // Cut off the part that was written: the next append must follow a good record.
            POSIX.truncate(journalFD, to: journalLength)
            POSIX.syncData(journalFD)
            throw .io(path: journalPath, reason: "\(failure); saved up to \(formatSeconds(lastSavedDuration)) of drawing, which is intact")
        }
        journalRecordStart = journalLength + Journal.lastRecordStart(in: bytes)
        journalLength += bytes.count
        journalCRC = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: bytes.count - 4, as: UInt32.self).littleEndian }
        lastSavedDuration = live.duration
        changedSinceSnapshot = true
    }

}

/// Flushes the journal to the disk on a background thread: one `fdatasync` at a time, and one
/// more when writes came in while it ran (an `fdatasync` covers only what was written before it).
final class JournalSyncer: @unchecked Sendable {
    private let lock = NSLock()
    private let group = DispatchGroup()
    private var running = false
    private var again = false
    private var failure: String?

    /// Asks for everything written to `fd` so far to reach the disk.
    func request(_ fd: Int32) {
        let start: Bool = lock.withLock {
            if running { again = true; return false }
            running = true
            return true
        }
        guard start else { return }
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            var more = true
            while more {
                let failed = POSIX.syncData(fd) != 0 ? AtomicFile.errnoText() : nil
                more = self.lock.withLock {
                    if let failed { self.failure = failed }
                    if self.again { self.again = false; return true }
                    self.running = false
                    return false
                }
            }
            self.group.leave()
        }
    }

    /// Waits until the flushes asked for are done.
    func wait() { group.wait() }

    /// Why a background flush failed since the last call, if one did.
    func takeFailure() -> String? {
        lock.withLock {
            defer { failure = nil }
            return failure
        }
    }
}

/// Runs one snapshot job at a time on a background thread.
final class SnapshotWriter: @unchecked Sendable {
    private let lock = NSLock()
    private let group = DispatchGroup()
    private var running = false
    private var failed = false

    var isRunning: Bool { lock.withLock { running } }
    /// Whether the last job failed (a later snapshot must be written).
    var lastFailed: Bool { lock.withLock { failed } }

    func start(_ job: @escaping @Sendable () -> Result<Void, StoreError>) {
        lock.withLock { running = true }
        group.enter()
        DispatchQueue.global(qos: .utility).async {
            let ok = (try? job().get()) != nil
            self.lock.withLock {
                self.running = false
                self.failed = !ok
            }
            self.group.leave()
        }
    }

    /// Waits for the job in flight, if any.
    func wait() { group.wait() }
}

/// Seconds as "12.5 s".
public func formatSeconds(_ s: Double) -> String {
    let tenths = (s * 10).rounded()
    guard tenths.isFinite, abs(tenths) < 1e15 else { return "? s" }
    let t = Int(tenths)
    return "\(t / 10).\(abs(t) % 10) s"
}
