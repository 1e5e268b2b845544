import Dispatch
import Synchronization

/// Flushes the journal to the disk on a background thread: one `fdatasync` at a time, and one
/// more when writes came in while it ran (an `fdatasync` covers only what was written before it).
final class JournalSyncer: Sendable {
    private struct State {
        var running = false
        var again = false
        var failure: IOFailure?
    }

    private let state = Mutex(State())
    private let group = DispatchGroup()

    /// Asks for everything written to `fd` so far to reach the disk.
    func request(_ fd: Int32) {
        let start: Bool = state.withLock {
            if $0.running { $0.again = true; return false }
            $0.running = true
            return true
        }
        guard start else { return }
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            var more = true
            while more {
                let failed: IOFailure? = POSIX.syncData(fd) != 0 ? .current : nil
                more = self.state.withLock {
                    if let failed { $0.failure = failed }
                    if $0.again { $0.again = false; return true }
                    $0.running = false
                    return false
                }
            }
            self.group.leave()
        }
    }

    /// Waits until the flushes asked for are done.
    func wait() { group.wait() }

    /// Why a background flush failed since the last call, if one did.
    func takeFailure() -> IOFailure? {
        state.withLock { s in
            defer { s.failure = nil }
            return s.failure
        }
    }
}
