import MarbleKit

extension FileIO {
    /// A disk whose every read and write fails with `errno` (EIO: the device failed), as a
    /// dying card does: a reader or writer handed it must say so, naming the file, and one
    /// that reaches the system's disk behind the seam reads and writes as if nothing were wrong.
    public static func failing(_ errno: POSIX.Errno = .ioFailed) -> FileIO {
        FileIO(write: { _, _, _ in
            POSIX.Errno.current = errno
            return -1
        }, read: { _, _, _ in
            POSIX.Errno.current = errno
            return -1
        })
    }
}
