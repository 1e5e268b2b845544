import MarbleKit

/// SIGTERM, SIGINT and SIGHUP stop a long command cleanly: it saves, then exits 128 + signal.
enum Signals {
    // Written only by the handler, read by the main loop: a plain word is all a handler may touch.
    nonisolated(unsafe) static var caught: Int32 = 0

    /// Routes the three signals to `caught`.
    static func install() {
        POSIX.catchSignals([.terminate, .interrupt, .hangUp]) { Signals.caught = $0 }
    }

    static var name: String { POSIX.Signal(caught).name }
}

/// Paces samples at `speed` times real time; sleeps wake early for a signal.
struct Pacer {
    let speed: Double
    var start: Double?
    var firstT = 0.0

    init(speed: Double) { self.speed = speed }

    /// Waits until the sample at `t` is due; returns early when a signal arrives.
    mutating func wait(until t: Double) {
        let now = POSIX.monotonicSeconds()
        guard let s = start else {
            start = now
            firstT = t
            return
        }
        var remaining = s + (t - firstT) / speed - POSIX.monotonicSeconds()
        while remaining > 0 && Signals.caught == 0 {
            POSIX.sleep(seconds: remaining)
            remaining = s + (t - firstT) / speed - POSIX.monotonicSeconds()
        }
    }
}
