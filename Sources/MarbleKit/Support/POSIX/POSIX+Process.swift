// The one folder in the package that picks a C library (each of its files opens with this
// block). Everything else reaches the system through `POSIX`, so a new platform is one more
// branch here, not a hunt through the store.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("MarbleKit needs a POSIX C library: Glibc, Musl or Darwin")
#endif

/// Processes, signals, the terminal and the clocks.
extension POSIX {
    // MARK: - Processes and the terminal

    /// getpid(2).
    package static var processID: Int32 { getpid() }

    /// Whether the process `pid` has ended: kill(2) with no signal says it does not exist.
    /// A process we may not signal counts as alive.
    package static func processIsGone(_ pid: Int32) -> Bool {
        kill(pid, 0) != 0 && Errno.current == .noSuchProcess
    }

    /// Marks the calling thread as a batch job (Linux's SCHED_BATCH, sched(7)): it gets its
    /// share of the CPU but does not preempt the thread that woke it. Elsewhere, nothing.
    package static func makeThisThreadBatch() {
        #if os(Linux)
        var param = sched_param()
        param.sched_priority = 0
        // SCHED_BATCH is 3 in <sched.h>; Glibc's Swift module does not carry the macro.
        _ = pthread_setschedparam(pthread_self(), 3, &param)
        #endif
    }

    /// Marks the calling thread as idle work (Linux's SCHED_IDLE, sched(7)): it runs only when
    /// no other thread wants the CPU, so it never delays a frame. For work that waits on the
    /// network anyway (the class folder's hand-ins). Elsewhere, nothing. Public: the benchmark
    /// runs its hand-ins as the window does.
    public static func makeThisThreadIdle() {
        #if os(Linux)
        var param = sched_param()
        param.sched_priority = 0
        // SCHED_IDLE is 5 in <sched.h>; Glibc's Swift module does not carry the macro.
        _ = pthread_setschedparam(pthread_self(), 5, &param)
        #endif
    }

    /// Whether the calling thread runs as batch or idle work (`makeThisThreadBatch`,
    /// `makeThisThreadIdle`): work it handed to other threads would run at normal priority.
    /// Elsewhere, false.
    package static func thisThreadIsBackground() -> Bool {
        #if os(Linux)
        var policy: Int32 = 0
        var param = sched_param()
        guard pthread_getschedparam(pthread_self(), &policy, &param) == 0 else { return false }
        // SCHED_BATCH and SCHED_IDLE, as set above (the Glibc module carries neither macro).
        return policy == 3 || policy == 5
        #else
        return false
        #endif
    }

    /// The standard output descriptor.
    package static let standardOutput: Int32 = STDOUT_FILENO

    /// The standard error descriptor.
    package static let standardError: Int32 = STDERR_FILENO

    /// isatty(3): whether `fd` is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

    /// A signal number, with its name.
    package struct Signal: Equatable, Sendable {
        package var rawValue: Int32
        package init(_ rawValue: Int32) { self.rawValue = rawValue }

        package static let terminate = Signal(SIGTERM)
        package static let interrupt = Signal(SIGINT)
        package static let hangUp = Signal(SIGHUP)

        /// "SIGTERM", or "signal 10" for one not named here.
        package var name: String {
            switch self {
            case .terminate: "SIGTERM"
            case .interrupt: "SIGINT"
            case .hangUp: "SIGHUP"
            default: "signal \(rawValue)"
            }
        }
    }

    /// Sends `signals` to `handler`, and unblocks them (a parent may start us with them
    /// blocked: Foundation's `Process` can).
    ///
    /// The handler runs in signal context: it may only store to a plain variable.
    package static func catchSignals(_ signals: [Signal], with handler: @convention(c) (Int32) -> Void) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals {
            signal(s.rawValue, handler)
            sigaddset(&set, s.rawValue)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// nanosleep(2) for `seconds`; returns early when a signal arrives.
    package static func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        let whole = seconds.rounded(.down)
        var ts = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
        nanosleep(&ts, nil)
    }

    /// The wall clock (`CLOCK_REALTIME`), seconds since 1970: for dates, not intervals.
    package static func wallClock() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The monotonic clock (`CLOCK_MONOTONIC`), in s: for measuring intervals, not dates.
    package static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
