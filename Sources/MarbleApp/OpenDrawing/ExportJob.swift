import Foundation
import MarbleKit
import Synchronization

/// A file made off the frame loop (a time-lapse, a picture): made and written on a thread of
/// its own, so pressing Film or Save picture on a long drawing never freezes the window.
///
/// What it needs is copied, or pinned, before the thread starts (the drawing goes on changing);
/// the file is written atomically at the end (never torn); `cancel()` stops the maker at its
/// next progress report, and nothing is written. The frame loop reads `progress` and takes the
/// `outcome`, and tells the job when a frame was shown: its work goes in slices between frames.
final class ExportJob: Sendable {
    /// How it ended.
    enum Outcome: Equatable, Sendable {
        case saved(String)
        case failed(String)
        case cancelled
    }

    struct Cancelled: Error {}

    /// What a maker tells its job as it goes.
    struct Reporter {
        /// How far it got, 0 to 1; throws when the job is cancelled, and waits for the frame
        /// loop once a slice of work is used up (see `FrameGate`).
        let progress: (Double) throws -> Void
        /// Waits for the next frame to be shown, whatever is left of the slice: a heavy step
        /// (a film's first frame, a whole picture) starts on a fresh frame. A job's first step
        /// always does.
        let freshFrame: () -> Void
    }

    /// Makes the file's bytes, reporting as it goes.
    typealias Maker = @Sendable (Reporter) throws -> [UInt8]

    private struct State {
        var progress = 0.0
        var outcome: Outcome?
        var cancelled = false
    }

    let path: String
    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)
    /// Its work goes in slices just after frames are shown (see `FrameGate`).
    private let gate: FrameGate

    /// Starts making the file with `make` and writing it to `path` through the environment's
    /// disk, its slices timed by the environment's monotonic clock.
    init(name: String, path: String, environment: Environment, make: @escaping Maker) {
        self.path = path
        gate = FrameGate(clock: environment.monotonic)
        let io = environment.io
        let threadName = "marble-" + name
        let thread = Thread { [self] in
            // Named from inside as well: on Linux, Foundation's `Thread.current` here does not
            // always carry the name given before `start()` (a debugger and the tests read it).
            Thread.current.name = threadName
            // Woken just after a frame is shown (`FrameGate`), it must not take the frame
            // loop's core from under it: the waking thread went on 3–4 ms later.
            POSIX.makeThisThreadBatch()
            let outcome: Outcome
            do {
                gate.pause()
                let bytes = try make(Reporter(progress: { fraction in
                    let stop = self.state.withLock { s in
                        s.progress = min(max(fraction, 0), 1)
                        return s.cancelled
                    }
                    if stop { throw Cancelled() }
                    self.gate.pause()
                }, freshFrame: { self.gate.pause(always: true) }))
                if state.withLock({ $0.cancelled }) { throw Cancelled() }
                try AtomicFile.write(bytes, to: path, io: io, makingFolders: true)
                outcome = .saved(path)
            } catch is Cancelled {
                outcome = .cancelled
            } catch {
                outcome = .failed("\(error)")
            }
            state.withLock { $0.outcome = outcome }
            done.signal()
        }
        thread.name = threadName
        thread.start()
    }

    /// Whether it was asked to stop.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// How far it got, 0 to 1.
    var progress: Double { state.withLock { $0.progress } }

    /// How it ended, once it has.
    var outcome: Outcome? { state.withLock { $0.outcome } }

    /// A frame was shown: its next slice of work may start.
    func frameShown() { gate.frameShown() }

    /// Stops it at the next frame (nothing is written), and waits until its thread is done.
    func cancelAndWait() {
        state.withLock { $0.cancelled = true }
        gate.release()
        done.wait()
        done.signal()
    }
}
