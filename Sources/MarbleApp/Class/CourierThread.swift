import Foundation
import MarbleKit
import Synchronization

/// The window's courier: a thread of its own that sends what waits in the outbox, on launch,
/// after each hand-in (`kick`), and again when the backoff of a failed try (`HandIn.nextTry`)
/// has passed, for as long as the window runs.
///
/// A round blocks on the server for seconds at worst; the frame loop never waits for it. After
/// each round the thread publishes what the outbox holds (`Report`, with a revision), and the
/// frame reads that once a frame, as it reads the phones' datagrams.
final class CourierThread: Sendable {
    /// What the outbox held after the last round, and the problems met by code in this run.
    struct Report: Sendable {
        var revision = 0
        var handIns: [HandIn] = []
        var problems: [String: ClassProblem] = [:]
    }

    /// The longest sleep between rounds with nothing due, in s.
    static let idle = 300.0
    /// The wait when another sender (`marble class send`) holds the outbox, in s.
    static let busyWait = 5.0

    // What the thread shares with the frame; the thread holds this, not the courier, so
    // letting go of the courier stops it.
    private final class Shared: Sendable {
        let report = Mutex(Report())
        let stopped = Mutex(false)
        let wake = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
    }

    private let shared = Shared()

    /// Starts sending with `courier`, its backoff timed by `clock` (the environment's wall
    /// clock, as `HandIn.nextTry` is); the first round tries everything waiting at once.
    init(_ courier: ClassCourier, clock: @escaping @Sendable () -> Double) {
        let thread = Thread { [shared] in
            Thread.current.name = "marble-courier"
            // Hand-ins wait on the disk and the network: they take only the CPU no frame wants.
            POSIX.makeThisThreadIdle()
            var force = true
            while !shared.stopped.withLock({ $0 }) {
                let round = courier.sendWaiting(force: force)
                force = false
                let handIns = courier.outbox.entries().handIns
                shared.report.withLock { r in
                    r.revision += 1
                    for code in round.delivered { r.problems[code] = nil }
                    for f in round.failed { r.problems[f.code] = f.problem }
                    r.handIns = handIns
                }
                let due = handIns.filter { $0.state == .waiting }.map(\.nextTry).min()
                var wait = round.busy ? Self.busyWait : due.map { max(0, $0 - clock()) } ?? Self.idle
                wait = min(wait, Self.idle)
                if wait > 0 { _ = shared.wake.wait(timeout: .now() + wait) }
            }
            shared.done.signal()
        }
        thread.name = "marble-courier"
        thread.start()
    }

    deinit { stop(waiting: 0) }

    /// The last round's report.
    var latest: Report { shared.report.withLock { $0 } }

    /// A hand-in was just kept: send now.
    func kick() { shared.wake.signal() }

    /// Sends no more; waits up to `waiting` s for a round under way to end.
    func stop(waiting seconds: Double) {
        let first = shared.stopped.withLock { s in
            defer { s = true }
            return !s
        }
        guard first else { return }
        shared.wake.signal()
        if seconds > 0 { _ = shared.done.wait(timeout: .now() + seconds) }
    }
}
