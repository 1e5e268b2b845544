import Foundation
import MarbleKit
import Synchronization
import Testing
@testable import MarbleApp

/// The frame loop's pulse for export jobs: a job's slice starts just after a frame is shown,
/// a job never waits long for frames that do not come, and a released gate never waits.
@Suite("Frame gate")
struct FrameGateTests {
    /// Runs `pause()` on another thread; the semaphore is signalled when it returns.
    static func pauseOnAThread(_ gate: FrameGate, always: Bool = false) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread { gate.pause(always: always); done.signal() }.start()
        return done
    }

    @Test("The first pause waits for the next frame shown, and returns as soon as it is")
    func waitsForAFrame() {
        let gate = FrameGate(clock: Environment.system.monotonic)
        let done = Self.pauseOnAThread(gate)
        #expect(done.wait(timeout: .now() + 0.03) == .timedOut, "no frame yet: still waiting")
        gate.frameShown()
        #expect(done.wait(timeout: .now() + 0.05) == .success)
    }

    @Test("Within a slice a pause does not wait; after it, or when asked always, it waits again")
    func slices() {
        let gate = FrameGate(clock: Environment.system.monotonic)
        let first = Self.pauseOnAThread(gate)
        Thread.sleep(forTimeInterval: 0.01)
        gate.frameShown()
        #expect(first.wait(timeout: .now() + 0.05) == .success)
        let t0 = Date()
        let inSlice = DispatchSemaphore(value: 0)
        let waited = Mutex(1.0)
        Thread {
            gate.pause(always: true)   // a new slice for this thread: waits for a frame
            let start = Date()
            gate.pause()                // inside that slice: no wait
            waited.withLock { $0 = Date().timeIntervalSince(start) }
            inSlice.signal()
        }.start()
        Thread.sleep(forTimeInterval: 0.01)
        gate.frameShown()
        #expect(inSlice.wait(timeout: .now() + 0.2) == .success)
        let inside = waited.withLock { $0 }
        #expect(inside < 0.005, "\(inside) s")
        #expect(Date().timeIntervalSince(t0) < 0.2)
    }

    @Test("With no frames shown a pause gives up after its patience; a released gate never waits")
    func patienceAndRelease() {
        let gate = FrameGate(clock: Environment.system.monotonic)
        let t0 = Date()
        gate.pause()
        let waited = Date().timeIntervalSince(t0)
        #expect(waited >= FrameGate.patience * 0.9 && waited < FrameGate.patience + 0.2, "\(waited) s")
        gate.release()
        let t1 = Date()
        gate.pause(always: true)
        #expect(Date().timeIntervalSince(t1) < 0.02)
    }
}
