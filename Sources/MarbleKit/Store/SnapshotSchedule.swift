import Dispatch
import Synchronization

/// When an open drawing's next snapshot is due, and the background thread that writes it.
///
/// A snapshot keeps reopening fast (at most about `SavePolicy.snapshotEvery` samples to replay
/// after it) and bounds what a damaged journal record costs (`snapshotInterval` of drawing).
final class SnapshotSchedule {
    // Samples made durable since the last snapshot, and whether anything changed since it.
    private(set) var samplesSince: Int
    private(set) var changedSince: Bool
    // The drawing's duration at the last snapshot.
    private var durationAtLast: Double
    private let writer = SnapshotWriter()

    init(samplesSince: Int, changedSince: Bool, durationAtLast: Double) {
        self.samplesSince = samplesSince
        self.changedSince = changedSince
        self.durationAtLast = durationAtLast
    }

    deinit { writer.wait() }

    /// Samples were framed for the journal.
    func count(samples: Int) {
        samplesSince += samples
    }

    /// Records reached the journal.
    func changed() {
        changedSince = true
    }

    /// Whether a snapshot is due now, under `policy`, for a drawing of `duration` seconds.
    func isDue(_ policy: SavePolicy, duration: Double) -> Bool {
        (samplesSince >= policy.snapshotEvery || duration - durationAtLast >= policy.snapshotInterval) && !writer.isRunning
    }

    /// Whether closing needs a snapshot: something changed since the last, or the last failed.
    var isOwed: Bool { changedSince || writer.lastFailed }

    /// Runs `job` in the background (one at a time), counting from `duration`.
    func start(_ job: @escaping @Sendable () -> Result<Void, StoreError>, duration: Double) {
        reset(duration)
        writer.start(job)
    }

    /// Runs `job` now, after any in the background; counts from `duration` when it succeeds.
    func run(_ job: @Sendable () -> Result<Void, StoreError>, duration: Double) throws(StoreError) {
        writer.wait()
        if case .failure(let error) = job() {
            changedSince = true
            throw error
        }
        reset(duration)
    }

    /// Waits for the snapshot being written, if any.
    func wait() { writer.wait() }

    private func reset(_ duration: Double) {
        samplesSince = 0
        changedSince = false
        durationAtLast = duration
    }
}

/// Runs one snapshot job at a time on a background thread.
final class SnapshotWriter: Sendable {
    private struct State {
        var running = false
        var failed = false
    }

    private let state = Mutex(State())
    private let group = DispatchGroup()

    var isRunning: Bool { state.withLock { $0.running } }
    /// Whether the last job failed (a later snapshot must be written).
    var lastFailed: Bool { state.withLock { $0.failed } }

    func start(_ job: @escaping @Sendable () -> Result<Void, StoreError>) {
        state.withLock { $0.running = true }
        group.enter()
        DispatchQueue.global(qos: .utility).async {
            let ok = (try? job().get()) != nil
            self.state.withLock {
                $0.running = false
                $0.failed = !ok
            }
            self.group.leave()
        }
    }

    /// Waits for the job in flight, if any.
    func wait() { group.wait() }
}
