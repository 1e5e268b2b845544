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
        renameNoReplace(in: AT_FDCWD, from, to)
    }
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
