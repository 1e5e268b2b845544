#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP stop a long command cleanly: it saves, then exits 128 + signal.
enum Signals {
    // Written only by the handler, read by the main loop: a plain word is all a handler may touch.
    nonisolated(unsafe) static var caught: Int32 = 0

    /// Routes the three signals to `caught`.
    static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        for sig in [SIGTERM, SIGINT, SIGHUP] {
            signal(sig) { Signals.caught = $0 }
            sigaddset(&set, sig)
        }
        // A parent may start us with these blocked (Foundation's Process can): unblock them.
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    static var name: String {
        switch caught {
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        case SIGHUP: return "SIGHUP"
        default: return "signal \(caught)"
        }
    }
}

/// Paces samples at `speed` times real time; sleeps wake early for a signal.
struct Pacer {
    let speed: Double
    var start: Double?
    var firstT = 0.0

    init(speed: Double) { self.speed = speed }

    /// Waits until the sample at `t` is due; returns early when a signal arrives.
    mutating func wait(until t: Double) {
        let now = monotonic()
        guard let s = start else {
            start = now
            firstT = t
            return
        }
        var remaining = s + (t - firstT) / speed - monotonic()
        while remaining > 0 && Signals.caught == 0 {
            var ts = timespec(tv_sec: Int(remaining), tv_nsec: Int((remaining - remaining.rounded(.down)) * 1e9))
            nanosleep(&ts, nil)
            remaining = s + (t - firstT) / speed - monotonic()
        }
    }

    private func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
