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

/// The system calls the package makes, the same on Linux (Glibc, Musl) and on Darwin.
///
/// Thin on purpose: each call keeps its C result (a descriptor or a count, -1 or nonzero on
/// failure with `Errno.current` set), so the store's error handling reads as it would in C.
/// Where the platforms differ (`fdatasync`, the `stat` time field, `d_name`'s size) the
/// difference is settled here once.
///
/// `package`, not `public`: the store, the `marble` program and the tests share it; it is not
/// part of MarbleKit's API. Only `Mode` is public, for `AtomicFile.write`'s permissions.
public enum POSIX {
    /// Permission bits for new files and folders (`mode_t`), such as `0o600`.
    public typealias Mode = mode_t

    // MARK: - Files

    /// How a file is opened for reading and writing.
    package enum Access: Sendable {
        case readOnly, writeOnly, readWrite

        var flag: Int32 {
            switch self {
            case .readOnly: O_RDONLY
            case .writeOnly: O_WRONLY
            case .readWrite: O_RDWR
            }
        }
    }

    /// open(2)'s other flags, the ones the store uses.
    package struct OpenOptions: OptionSet, Sendable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }

        /// `O_CREAT`: make the file when it is missing.
        package static let create = OpenOptions(rawValue: O_CREAT)
        /// `O_TRUNC`: empty the file.
        package static let truncate = OpenOptions(rawValue: O_TRUNC)
        /// `O_DIRECTORY`: fail unless the path is a folder (opened to fsync it).
        package static let folder = OpenOptions(rawValue: O_DIRECTORY)
        /// `O_NOFOLLOW`: fail (with `ELOOP`) when the path is a symbolic link, instead of
        /// opening whatever it points to.
        package static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
        /// `O_EXCL` (with `create`): fail (with `EEXIST`) when the file is already there.
        package static let exclusive = OpenOptions(rawValue: O_EXCL)
        /// `O_APPEND`: every write goes at the end (a ledger's lines).
        package static let append = OpenOptions(rawValue: O_APPEND)
    }

    /// open(2), always with `O_CLOEXEC`: a descriptor, or -1 with `Errno.current` set.
    ///
    /// Close-on-exec is not an option: a program the process starts must not inherit a
    /// drawing's lock or journal.
    package static func open(_ path: String, _ access: Access, _ options: OpenOptions = [], mode: Mode = 0) -> Int32 {
        cOpen(path, access.flag | options.rawValue | O_CLOEXEC, mode)
    }

    /// close(2).
    @discardableResult
    package static func close(_ fd: Int32) -> Int32 { cClose(fd) }

    /// read(2): bytes read (0 at the end), or -1.
    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        cRead(fd, buffer, count)
    }

    /// write(2): bytes written, or -1.
    package static func write(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        cWrite(fd, bytes, count)
    }

    /// pread(2): bytes read at `offset` (0 past the end), or -1; the file's offset stays.
    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, at offset: Int) -> Int {
        pread(fd, buffer, count, off_t(offset))
    }

    /// pwrite(2): bytes written at `offset`, or -1; the file's offset stays.
    package static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, at offset: Int) -> Int {
        pwrite(fd, bytes, count, off_t(offset))
    }

    /// lseek(2) from the start of the file: the new offset, or -1.
    @discardableResult
    package static func seek(_ fd: Int32, to offset: Int) -> Int {
        Int(lseek(fd, off_t(offset), SEEK_SET))
    }

    /// ftruncate(2): 0, or -1.
    @discardableResult
    package static func truncate(_ fd: Int32, to length: Int) -> Int32 {
        ftruncate(fd, off_t(length))
    }

    /// Makes the file's data and metadata durable: fsync(2). 0, or -1.
    ///
    /// On Darwin fsync only reaches the drive's cache; `F_FULLFSYNC` reaches the medium, and
    /// where the filesystem refuses it (network and RAM disks) fsync is the best there is.
    @discardableResult
    package static func sync(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(fd)
    }

    /// Makes the file's data durable, and its metadata only as far as reading the data back
    /// needs (its length): fdatasync(2). 0, or -1.
    ///
    /// Darwin has no fdatasync: it gets `sync`, which does more.
    @discardableResult
    package static func syncData(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        return sync(fd)
        #else
        return fdatasync(fd)
        #endif
    }

    /// Takes flock(2)'s exclusive lock without waiting: false when another holds it (or the
    /// call failed, with `Errno.current` set). Closing the descriptor releases it.
    package static func tryLock(_ fd: Int32) -> Bool {
        flock(fd, LOCK_EX | LOCK_NB) == 0
    }

    // MARK: - Names in folders

    /// access(2) for reading and writing: true when both are allowed (else `Errno.current`).
    package static func canReadAndWrite(_ path: String) -> Bool { cAccess(path, R_OK | W_OK) == 0 }

    /// rename(2): 0, or -1.
    package static func rename(_ from: String, _ to: String) -> Int32 { cRename(from, to) }

    /// link(2), a second name for the same file: 0, or -1.
    package static func link(_ existing: String, _ new: String) -> Int32 { cLink(existing, new) }

    /// unlink(2): 0, or -1.
    @discardableResult
    package static func unlink(_ path: String) -> Int32 { cUnlink(path) }

    /// mkdir(2): 0, or -1 (`.exists` when something is there already).
    package static func mkdir(_ path: String, mode: Mode) -> Int32 { cMkdir(path, mode) }

    /// rmdir(2) of an empty folder: 0, or -1.
    @discardableResult
    package static func rmdir(_ path: String) -> Int32 { cRmdir(path) }

    /// The names in a folder, without `.` and `..`, in the order the folder gives them; nil
    /// when it cannot be opened.
    package static func list(_ folder: String) -> [String]? {
        let fd = open(folder, .readOnly, [.folder])
        guard fd >= 0 else { return nil }
        defer { let e = errno; _ = close(fd); errno = e }
        return list(folder: fd)
    }

    // MARK: - File status

    /// A modification time, exact to the nanosecond the filesystem keeps.
    package struct FileTime: Equatable, Sendable {
        package var seconds: Int
        package var nanoseconds: Int

        init(_ t: timespec) {
            seconds = Int(t.tv_sec)
            nanoseconds = Int(t.tv_nsec)
        }
    }

    /// What stat(2) says about a file, as far as the store asks.
    package struct FileStatus: Sendable {
        package var isRegularFile: Bool
        package var isFolder: Bool
        /// A symbolic link (only `linkStatus` sees one).
        package var isLink: Bool
        /// The owner's user id.
        package var owner: UInt32
        package var size: Int
        package var modified: FileTime

        init(_ st: stat) {
            isRegularFile = st.st_mode & S_IFMT == S_IFREG
            isFolder = st.st_mode & S_IFMT == S_IFDIR
            isLink = st.st_mode & S_IFMT == S_IFLNK
            owner = UInt32(st.st_uid)
            size = Int(st.st_size)
            #if canImport(Darwin)
            modified = FileTime(st.st_mtimespec)
            #else
            modified = FileTime(st.st_mtim)
            #endif
        }
    }

    /// stat(2), following a symbolic link; nil with `Errno.current` set when it fails.
    package static func status(_ path: String) -> FileStatus? {
        var st = stat()
        return stat(path, &st) == 0 ? FileStatus(st) : nil
    }

    /// lstat(2): a symbolic link itself, not what it points to.
    package static func linkStatus(_ path: String) -> FileStatus? {
        var st = stat()
        return lstat(path, &st) == 0 ? FileStatus(st) : nil
    }

    /// The user this process runs as (getuid(2)).
    package static var userID: UInt32 { UInt32(getuid()) }

    /// fstat(2) of an open file.
    package static func status(of fd: Int32) -> FileStatus? {
        var st = stat()
        return fstat(fd, &st) == 0 ? FileStatus(st) : nil
    }

    // MARK: - Errors

    /// An `errno` value: what a failed system call said, kept as data (`StoreError.io` carries
    /// it) and turned into words only where it is shown.
    public struct Errno: Hashable, Sendable, CustomStringConvertible {
        public var rawValue: Int32
        public init(_ rawValue: Int32) { self.rawValue = rawValue }

        /// `EINTR`: a signal arrived; try again.
        public static let interrupted = Errno(EINTR)
        /// `ENOENT`.
        public static let notFound = Errno(ENOENT)
        /// `EEXIST`.
        public static let exists = Errno(EEXIST)
        /// `ESRCH`: no such process.
        public static let noSuchProcess = Errno(ESRCH)
        /// `EACCES`: permission denied.
        public static let permissionDenied = Errno(EACCES)
        /// `EIO`: the device failed.
        public static let ioFailed = Errno(EIO)
        /// `ENOSPC`: the disk is full.
        public static let noSpace = Errno(ENOSPC)
        /// `ELOOP`: what `noFollow` gives for a symbolic link.
        public static let symbolicLink = Errno(ELOOP)

        /// This thread's `errno`: what the last failed call set.
        package static var current: Errno {
            get { Errno(errno) }
            set { errno = newValue.rawValue }
        }

        /// strerror(3): "No space left on device".
        public var description: String { String(cString: strerror(rawValue)) }
    }
}

// MARK: - The C functions under other names

// Inside `POSIX` its members hide the C functions of the same names, and the module that
// holds those differs by platform, so `Glibc.open` cannot be written once. At file level the
// plain names still reach the C library.
private func cOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func cClose(_ fd: Int32) -> Int32 { close(fd) }
private func cRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func cWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, bytes, count) }
private func cRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
private func cLink(_ existing: String, _ new: String) -> Int32 { link(existing, new) }
private func cUnlink(_ path: String) -> Int32 { unlink(path) }
private func cMkdir(_ path: String, _ mode: mode_t) -> Int32 { mkdir(path, mode) }
private func cRmdir(_ path: String) -> Int32 { rmdir(path) }
private func cAccess(_ path: String, _ mode: Int32) -> Int32 { access(path, mode) }
