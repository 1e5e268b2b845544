/// When an open drawing saves and snapshots: a value given at open.
public struct SavePolicy: Equatable, Sendable {
    /// Drawing time between autosaves, in s: well inside the promise of losing at most 1 s.
    public var autosaveInterval = 0.5
    /// Samples replayed from the journal after the snapshot before a new snapshot is due.
    public var snapshotEvery = 16_384
    /// Drawing time between snapshots, in s: a damaged journal record then costs at most
    /// this much drawing (the newest intact snapshot and the records after it are kept).
    public var snapshotInterval = 60.0
    /// Whether autosaves leave the journal's `fdatasync` to a background thread.
    ///
    /// For a frame loop: an autosave then costs only its `write`, which already survives the
    /// process being killed; the disk confirms it a few milliseconds later. `save()`, edits,
    /// `checkpoint()` and `close()` always wait for the disk.
    public var syncInBackground = false

    public init(autosaveInterval: Double = 0.5, snapshotEvery: Int = 16_384, snapshotInterval: Double = 60,
                syncInBackground: Bool = false) {
        self.autosaveInterval = autosaveInterval
        self.snapshotEvery = snapshotEvery
        self.snapshotInterval = snapshotInterval
        self.syncInBackground = syncInBackground
    }

    /// The command line's: every autosave waits for the disk.
    public static let standard = SavePolicy()
    /// The window's: a frame never waits for the disk.
    public static let window = SavePolicy(syncInBackground: true)
}
