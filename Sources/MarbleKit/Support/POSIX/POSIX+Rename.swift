// The one folder in the package that picks a C library (see POSIX.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension POSIX {
    /// Gives `from` the name `to` unless `to` is already there: 0, or -1 with `Errno.current`
    /// (`EEXIST` when `to` exists; then `from` is left as it was).
    ///
    /// renameat2(RENAME_NOREPLACE) on Linux (renamex_np(RENAME_EXCL) on Darwin); where the
    /// file system refuses it (many network and FAT mounts), link(2) then unlink(2), which
    /// fails with `EEXIST` just the same. Either way nothing is ever written over.
    package static func renameNoReplace(_ from: String, _ to: String) -> Int32 {
        #if canImport(Darwin)
        if renamex_np(from, to, UInt32(RENAME_EXCL)) == 0 { return 0 }
        #else
        if let renameat2 = renameat2Function {
            if renameat2(AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */) == 0 { return 0 }
        } else {
            errno = ENOSYS
        }
        #endif
        let refused = errno
        guard [EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP].contains(refused) else { return -1 }
        guard link(from, to) == 0 else { return -1 }
        unlink(from)
        return 0
    }

    #if !canImport(Darwin)
    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc's renameat2 (2.28 and later), looked up once: its header declares it only under
    /// _GNU_SOURCE, which Swift's Glibc module does not see, and MarbleKit has no C of its own.
    private static let renameat2Function: Renameat2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: Renameat2.self) }
    #endif
}

extension POSIX.Errno {
    /// `EROFS`: a read-only file system.
    public static let readOnly = POSIX.Errno(EROFS)
    /// `EDQUOT`: the user's quota is used up.
    public static let quota = POSIX.Errno(EDQUOT)
    /// `ENOTDIR`: a part of the path is not a folder.
    public static let notFolder = POSIX.Errno(ENOTDIR)
    /// `EPERM`: the operation is not allowed.
    public static let notPermitted = POSIX.Errno(EPERM)
    /// Errors that mean a network file system lost its server: `EIO`, `ETIMEDOUT`,
    /// `EHOSTDOWN`, `EHOSTUNREACH`, `ENOTCONN`, `ESTALE`.
    public static let networkGone: Set<POSIX.Errno> = [EIO, ETIMEDOUT, EHOSTDOWN, EHOSTUNREACH, ENOTCONN, ESTALE].map(POSIX.Errno.init).reduce(into: []) { $0.insert($1) }
}
