import Foundation
import MarbleKit
import Synchronization

/// A time-lapse being filmed off the frame loop: encoded and written on a thread of its own,
/// so pressing Film on a long drawing never freezes the window.
///
/// The history is read before the thread starts (a copy: the drawing goes on changing); the
/// file is written atomically at the end (never torn); `cancel()` stops the encoder at its next
/// frame and nothing is written. The frame loop reads `progress` and takes the `outcome`.
final class FilmJob: Sendable {
    /// How it ended.
    enum Outcome: Equatable, Sendable {
        case saved(String)
        case failed(String)
        case cancelled
    }

    struct Cancelled: Error {}

    private struct State {
        var progress = 0.0
        var outcome: Outcome?
        var cancelled = false
    }

    let path: String
    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    /// Starts filming `history` with `encode`, to `path` through `io`.
    init(history: DrawingHistory, encode: @escaping Environment.TimelapseEncoder, path: String, io: FileIO) {
        self.path = path
        let thread = Thread { [self] in
            let outcome: Outcome
            do {
                let bytes = try encode(history) { fraction in
                    let stop = state.withLock { s in
                        s.progress = min(max(fraction, 0), 1)
                        return s.cancelled
                    }
                    if stop { throw Cancelled() }
                }
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
        thread.name = "marble-film"
        thread.start()
    }

    /// How far it got, 0 to 1.
    var progress: Double { state.withLock { $0.progress } }

    /// How it ended, once it has.
    var outcome: Outcome? { state.withLock { $0.outcome } }

    /// Stops it at the next frame (nothing is written), and waits until its thread is done.
    func cancelAndWait() {
        state.withLock { $0.cancelled = true }
        done.wait()
        done.signal()
    }
}
