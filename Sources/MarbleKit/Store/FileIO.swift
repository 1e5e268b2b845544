/// The store's writes go through here: the seam that fault-injection tests use.
///
/// A test swaps `write` for one that writes half and then fails with ENOSPC, as a full disk
/// does, and checks that the last good state survives.
public struct FileIO: Sendable {
    /// write(2): bytes written, or -1 with `errno` set.
    public var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int

    public init(write: @escaping @Sendable (Int32, UnsafeRawPointer, Int) -> Int) {
        self.write = write
    }

    /// The real system call.
    public static let system = FileIO(write: { fd, p, n in POSIX.write(fd, p, n) })

    /// Writes all of `bytes` to `fd`; the errno text on failure.
    func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if POSIX.Errno.current == .interrupted { continue }
                    return AtomicFile.errnoText()
                }
                if n == 0 { return "no space written" }
                done += n
            }
            return nil
        }
    }
}

/// Small file helpers for the store: whole-file reads, folders, listing, removal.
enum Files {
    /// The file's bytes; nil when it does not exist.
    ///
    /// A symbolic link is refused unless `followingLinks` (the store reads only its own files:
    /// a link in a drawing's folder would make it read, and then write, a file elsewhere).
    static func read(_ path: String, followingLinks: Bool = false) throws(StoreError) -> [UInt8]? {
        let fd = POSIX.open(path, .readOnly, followingLinks ? [] : .noFollow)
        if fd < 0 {
            if POSIX.Errno.current == .notFound { return nil }
            if POSIX.Errno.current == .symbolicLink { throw linkRefused(path) }
            throw .io(path: path, reason: AtomicFile.errnoText())
        }
        defer { POSIX.close(fd) }
        guard let st = POSIX.status(of: fd) else { throw .io(path: path, reason: AtomicFile.errnoText()) }
        guard st.isRegularFile else { throw .damaged(path: path, detail: "is not a regular file") }
        var failure: String?
        // Uninitialized: a 40 MB snapshot need not be zeroed before it is read over.
        let out = [UInt8](unsafeUninitializedCapacity: st.size) { buf, initialized in
            var done = 0
            while done < buf.count {
                let n = POSIX.read(fd, buf.baseAddress! + done, buf.count - done)
                if n < 0 {
                    if POSIX.Errno.current == .interrupted { continue }
                    failure = AtomicFile.errnoText()
                    break
                }
                if n == 0 { break }   // the file shrank while being read: keep what was there
                done += n
            }
            initialized = done
        }
        if let failure { throw .io(path: path, reason: failure) }
        return out
    }

    /// The error for a symbolic link where the store keeps a file of its own.
    static func linkRefused(_ path: String) -> StoreError {
        .damaged(path: path, detail: "is a symbolic link; the store reads and writes only its own files, so it is left alone")
    }

    /// Checks that a drawing's folder is a real folder (not a link) owned by this user.
    static func checkOwnFolder(_ path: String) throws(StoreError) {
        guard let st = POSIX.linkStatus(path) else { return }
        if st.isLink { throw linkRefused(path) }
        guard st.isFolder else { throw .damaged(path: path, detail: "is not a folder") }
        guard st.owner == POSIX.userID else {
            throw .damaged(path: path, detail: "belongs to another user (uid \(st.owner)); the store opens only its own drawings")
        }
    }

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        POSIX.linkStatus(path) != nil
    }

    /// The size of a file; nil when it is missing.
    static func size(_ path: String) -> Int? {
        POSIX.status(path)?.size
    }

    /// Makes a folder (and its parents) readable by the owner only.
    static func makeFolder(_ path: String) throws(StoreError) {
        if let st = POSIX.status(path) {
            guard st.isFolder else { throw .io(path: path, reason: "is not a folder") }
            return
        }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeFolder(String(path[..<slash]))
        }
        if POSIX.mkdir(path, mode: 0o700) != 0 && POSIX.Errno.current != .exists {
            throw .io(path: path, reason: AtomicFile.errnoText())
        }
    }

    /// The names in a folder, without `.` and `..`, sorted.
    static func list(_ path: String) -> [String] {
        (POSIX.list(path) ?? []).sorted()
    }

    /// Removes a file or a folder with everything in it.
    static func removeTree(_ path: String) {
        guard let st = POSIX.linkStatus(path) else { return }
        if st.isFolder {
            for name in list(path) { removeTree(path + "/" + name) }
            POSIX.rmdir(path)
        } else {
            POSIX.unlink(path)
        }
    }

    /// Makes a rename or a new file in `folder` survive a power cut.
    static func syncFolder(_ folder: String) {
        let fd = POSIX.open(folder, .readOnly, .folder)
        if fd >= 0 {
            POSIX.sync(fd)
            POSIX.close(fd)
        }
    }
}
