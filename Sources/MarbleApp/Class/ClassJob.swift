import Foundation
import MarbleKit
import Synchronization

/// One piece of class-folder work done on a thread of its own (a hand-in kept in the outbox, a
/// drawing fetched by its code), so the frame loop never waits for a PNG, an fsync or a server.
///
/// The frame loop reads `outcome` once a frame; the work starts just after a frame is shown
/// (`FrameGate`), as Save picture's does, so its heavy first step does not land on a frame.
final class ClassJob<Value: Sendable>: Sendable {
    /// Why the work failed: the class folder's problem when it was one, and words for the log.
    struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        var problem: ClassProblem?
        var description: String
    }

    private let result = Mutex<Result<Value, Failure>?>(nil)
    private let done = DispatchSemaphore(value: 0)
    private let gate: FrameGate

    /// Starts `work` on a thread named `marble-NAME`.
    init(name: String, clock: @escaping @Sendable () -> Double, work: @escaping @Sendable () throws -> Value) {
        gate = FrameGate(clock: clock)
        let threadName = "marble-" + name
        let thread = Thread { [self] in
            Thread.current.name = threadName
            // Hand-ins wait on the disk and the network: they take only the CPU no frame wants.
            POSIX.makeThisThreadIdle()
            gate.pause(always: true)
            let outcome: Result<Value, Failure>
            do {
                outcome = .success(try work())
            } catch let problem as ClassProblem {
                outcome = .failure(Failure(problem: problem, description: problem.description))
            } catch {
                outcome = .failure(Failure(problem: nil, description: "\(error)"))
            }
            result.withLock { $0 = outcome }
            done.signal()
        }
        thread.name = threadName
        thread.start()
    }

    /// How it ended, once it has.
    var outcome: Result<Value, Failure>? { result.withLock { $0 } }

    /// A frame was shown: the work may start.
    func frameShown() { gate.frameShown() }

    /// Waits until the work is done (quitting must not cut a hand-in short).
    func wait() {
        gate.release()
        done.wait()
        done.signal()
    }
}
