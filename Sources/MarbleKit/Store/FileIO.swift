/// The store's reads and writes go through here: the seam that fault-injection tests use.
///
/// A test swaps `write` for one that writes half and then fails with ENOSPC, as a full disk
/// does, and checks that the last good state survives; or `read` for one that fails.
public struct FileIO: Sendable {
    /// write(2): bytes written, or -1 with `errno` set.
    public var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int
    /// read(2): bytes read (0 at the end), or -1 with `errno` set.
    public var read: @Sendable (Int32, UnsafeMutableRawPointer, Int) -> Int

    public init(write: @escaping @Sendable (Int32, UnsafeRawPointer, Int) -> Int,
                read: @escaping @Sendable (Int32, UnsafeMutableRawPointer, Int) -> Int) {
        self.write = write
        self.read = read
    }

    /// The real system calls.
    public static let system = FileIO(write: { fd, p, n in POSIX.write(fd, p, n) }, read: { fd, p, n in POSIX.read(fd, p, n) })

    /// Writes all of `bytes` to `fd`; why not, on failure.
    func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> IOFailure? {
        bytes.withUnsafeBytes { raw -> IOFailure? in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if POSIX.Errno.current == .interrupted { continue }
                    return .current
                }
                if n == 0 { return .wroteNothing }
                done += n
            }
            return nil
        }
    }
}
