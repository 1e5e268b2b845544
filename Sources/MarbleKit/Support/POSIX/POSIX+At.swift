// The one folder in the package that picks a C library (see POSIX.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Names inside an open folder (the `…at` calls): a path walked one part at a time from a
/// folder's own descriptor, so a part that is a symbolic link is seen and refused instead of
/// followed (`O_NOFOLLOW` on a whole path checks only its last name).
extension POSIX {
    /// openat(2) of `name` inside the folder `fd`, always with `O_CLOEXEC`: a descriptor, or -1.
    package static func open(in fd: Int32, _ name: String, _ access: Access, _ options: OpenOptions = [], mode: Mode = 0) -> Int32 {
        cOpenAt(fd, name, access.flag | options.rawValue | O_CLOEXEC, mode)
    }

    /// fstatat(2) of `name` inside the folder `fd`, never following a link (`AT_SYMLINK_NOFOLLOW`):
    /// a link is seen as one (`isLink`). nil with `Errno.current` set when it fails.
    package static func linkStatus(in fd: Int32, _ name: String) -> FileStatus? {
        var st = stat()
        return fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 ? FileStatus(st) : nil
    }

    /// mkdirat(2): 0, or -1 (`.exists` when something is there already, a link too).
    package static func mkdir(in fd: Int32, _ name: String, mode: Mode) -> Int32 { mkdirat(fd, name, mode) }

    /// unlinkat(2) of a file (not a folder): 0, or -1.
    @discardableResult
    package static func unlink(in fd: Int32, _ name: String) -> Int32 { unlinkat(fd, name, 0) }

    /// Gives `from` (in folder `fd`) the name `to` (in the same folder) unless `to` is there
    /// already: 0, or -1 with `Errno.current` (`EEXIST` when it is; `from` is left as it was).
    ///
    /// renameat2(RENAME_NOREPLACE) on Linux (renameatx_np(RENAME_EXCL) on Darwin); where the
    /// file system refuses it (many network and FAT mounts), linkat(2) then unlinkat(2), which
    /// fails with `EEXIST` just the same. Either way nothing is ever written over. `AT_FDCWD`
    /// for `fd` names paths from the working folder (`renameNoReplace(_:_:)`).
    package static func renameNoReplace(in fd: Int32, _ from: String, _ to: String) -> Int32 {
        #if canImport(Darwin)
        if renameatx_np(fd, from, fd, to, UInt32(RENAME_EXCL)) == 0 { return 0 }
        #else
        if let renameat2 = renameat2Function {
            if renameat2(fd, from, fd, to, 1 /* RENAME_NOREPLACE */) == 0 { return 0 }
        } else {
            errno = ENOSYS
        }
        #endif
        let refused = errno
        guard [EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP].contains(refused) else { return -1 }
        guard linkat(fd, from, fd, to, 0) == 0 else { return -1 }
        unlinkat(fd, from, 0)
        return 0
    }

    /// The names in the open folder `fd`, without `.` and `..`; nil (with `Errno.current`)
    /// when it cannot be read. `fd` stays open and the caller's.
    package static func list(folder fd: Int32) -> [String]? {
        // fdopendir takes the descriptor it is given (closedir closes it): give it a copy.
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { return nil }
        guard let dir = fdopendir(copy) else {
            let e = errno
            cCloseAt(copy)
            errno = e
            return nil
        }
        defer { closedir(dir) }
        rewinddir(dir)
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: $0.pointee)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    #if !canImport(Darwin)
    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc's renameat2 (2.28 and later), looked up once: its header declares it only under
    /// _GNU_SOURCE, which Swift's Glibc module does not see, and MarbleKit has no C of its own.
    private static let renameat2Function: Renameat2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: Renameat2.self) }
    #endif
}

extension POSIX.OpenOptions {
    /// `O_NONBLOCK`: opening a FIFO or a device does not wait for the other end (a class
    /// folder's file is checked to be a plain file after it is opened).
    package static let nonBlocking = POSIX.OpenOptions(rawValue: O_NONBLOCK)
}

private func cOpenAt(_ fd: Int32, _ name: String, _ flags: Int32, _ mode: mode_t) -> Int32 { openat(fd, name, flags, mode) }
private func cCloseAt(_ fd: Int32) { close(fd) }
