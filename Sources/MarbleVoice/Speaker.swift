import Foundation
import MarbleApp
import MarbleKit
import Synchronization

/// The voice: says `Speech` with espeak-ng on a thread of its own, and hands the samples, at
/// the drawing's rate, to a sink (the sound device's speech ring).
///
/// espeak keeps global state and is not thread-safe: only this thread touches it, from
/// `Initialize` to `Terminate`, and one speaker at a time in a process has it (`Engine.gate`).
/// `say` never waits: it queues the sentence and wakes the thread. An interrupting sentence
/// empties the queue and stops the one being spoken (synthesis aborts, what waits unplayed is
/// cleared); another waits its turn. Without espeak's data the voice is silent, said once
/// through `log`, and `say` does nothing.
public final class Speaker: Sendable {
    /// What the caller and the thread share; the thread holds this, not the speaker, so letting
    /// go of the speaker stops it.
    final class Shared: Sendable {
        struct State {
            var queue: [Speech] = []
            /// Bumped by each interrupting sentence (and by `stop`): a sentence begun under
            /// an older one is cut short.
            var generation = 0
            /// Whether the thread is saying something now.
            var speaking = false
            var silent = false
            var ready = false
            var stopped = false
        }
        let state = Mutex(State())
        let wake = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let sink: SpeechSink
        let log: @Sendable (String) -> Void

        init(sink: SpeechSink, log: @escaping @Sendable (String) -> Void) {
            self.sink = sink
            self.log = log
        }

        /// Whether the sentence begun under `generation` is to stop.
        func cancelled(since generation: Int) -> Bool { state.withLock { $0.generation != generation || $0.stopped } }
    }

    private let shared: Shared

    /// Starts the voice's thread, with espeak's data from `dataPath` (nil: where espeak-ng was
    /// installed, or `ESPEAK_DATA_PATH`).
    public init(dataPath: String? = nil, sink: SpeechSink, log: @escaping @Sendable (String) -> Void) {
        shared = Shared(sink: sink, log: log)
        let thread = Thread { [shared] in Engine.run(shared, dataPath: dataPath) }
        thread.name = "marble-voice"
        thread.start()
    }

    deinit { stop() }

    /// Says `speech`, after what is queued, or at once if it interrupts. Never waits.
    public func say(_ speech: Speech) {
        let queued = shared.state.withLock { s in
            guard !s.stopped, !s.silent else { return false }
            if speech.interrupts {
                s.queue = [speech]
                s.generation += 1
            } else {
                s.queue.append(speech)
            }
            return true
        }
        if queued { shared.wake.signal() }
    }

    /// Stops what is being said and forgets what waits (nothing more until the next `say`).
    public func hush() {
        shared.state.withLock { s in
            s.queue = []
            s.generation += 1
        }
        shared.wake.signal()
    }

    /// Whether the voice has nothing to say (nothing queued, no sentence under way).
    public var isQuiet: Bool { shared.state.withLock { s in s.queue.isEmpty && !s.speaking } }

    /// Whether espeak could not start (its data missing): the voice says nothing.
    public var isSilent: Bool { shared.state.withLock { $0.silent } }

    /// Waits up to `seconds` until the thread has started and has nothing left to say (tests,
    /// benchmarks); whether it got there.
    @discardableResult
    public func waitUntilQuiet(timeout seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            let quiet = shared.state.withLock { s in (s.ready || s.silent) && s.queue.isEmpty && !s.speaking }
            if quiet { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return false
    }

    /// Says nothing more: stops the sentence under way and lets espeak go (another speaker
    /// may then have it). Waits up to a second for the thread.
    public func stop() {
        let first = shared.state.withLock { s in
            defer {
                s.stopped = true
                s.queue = []
                s.generation += 1
            }
            return !s.stopped
        }
        guard first else { return }
        shared.wake.signal()
        _ = shared.done.wait(timeout: .now() + 1)
    }
}
