/// Why reading or writing a file failed, as data: the system call's `errno`, or what the
/// store itself found. Words come only in `description`, where the failure is shown.
public enum IOFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call failed with this `errno` (ENOSPC: the disk is full; EACCES: not allowed).
    case system(POSIX.Errno)
    /// write(2) returned 0: nothing more could be written.
    case wroteNothing
    /// The drawing was closed before the call.
    case closed
    /// A folder was expected and something else is there.
    case notAFolder
    /// No new name could be found beside the file (a thousand tried).
    case noFreeName

    /// This thread's `errno`, as a failure: call right after the system call that failed.
    static var current: IOFailure { .system(POSIX.Errno.current) }

    /// Whether the disk is full.
    public var isDiskFull: Bool { self == .system(.noSpace) }

    public var description: String {
        switch self {
        case .system(let errno): errno.description
        case .wroteNothing: "no space written"
        case .closed: "the drawing is closed"
        case .notAFolder: "is not a folder"
        case .noFreeName: "no free name left beside it"
        }
    }
}
