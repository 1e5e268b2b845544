/// Small file helpers for the store: whole-file reads, folders, listing, removal.
package enum Files {
    /// The file's bytes; nil when it does not exist.
    ///
    /// A symbolic link is refused unless `followingLinks` (the store reads only its own files:
    /// a link in a drawing's folder would make it read, and then write, a file elsewhere).
    package static func read(_ path: String, followingLinks: Bool = false, io: FileIO) throws(StoreError) -> [UInt8]? {
        do throws(ReadRefusal) {
            return try readWhole(path, followingLinks: followingLinks, io: io)
        } catch {
            switch error {
            case .missing: return nil
            case .link: throw linkRefused(path)
            case .notAFile: throw .damaged(path: path, detail: "is not a regular file")
            case .tooBig(let bytes, let maxBytes): throw .damaged(path: path, detail: "is \(bytes) bytes, over the limit of \(maxBytes)")
            case .failed(let failure): throw .io(path: path, failure: failure)
            }
        }
    }

    /// Why a whole file was not read, as data (each reader words it its own way).
    package enum ReadRefusal: Error, Equatable, Sendable {
        /// Nothing at the path.
        case missing
        /// A symbolic link, where links are not followed.
        case link
        /// A folder, device or pipe.
        case notAFile
        /// Bigger than the caller reads; refused from its size, not read.
        case tooBig(bytes: Int, maxBytes: Int)
        /// open(2), fstat(2) or read(2) failed.
        case failed(IOFailure)
    }

    /// The whole file at `path`, read through `io`: the package's one reader of whole files
    /// (the store's, the logs', the settings', the imports', the pictures').
    ///
    /// A file over `maxBytes` is refused from its size, before any byte is read or allocated;
    /// no more than the size it had when opened is read (a file growing meanwhile is cut
    /// there, one shrinking keeps what was there). Opened without waiting: a pipe with no
    /// writer is refused as not a file, not waited on.
    package static func readWhole(_ path: String, followingLinks: Bool, maxBytes: Int = .max, io: FileIO) throws(ReadRefusal) -> [UInt8] {
        let fd = POSIX.open(path, .readOnly, followingLinks ? .nonBlocking : [.noFollow, .nonBlocking])
        if fd < 0 {
            if POSIX.Errno.current == .notFound { throw .missing }
            if POSIX.Errno.current == .symbolicLink && !followingLinks { throw .link }
            throw .failed(.current)
        }
        defer { POSIX.close(fd) }
        guard let st = POSIX.status(of: fd) else { throw .failed(.current) }
        guard st.isRegularFile else { throw .notAFile }
        guard st.size <= maxBytes else { throw .tooBig(bytes: st.size, maxBytes: maxBytes) }
        var failure: IOFailure?
        // Uninitialized: a 40 MB snapshot need not be zeroed before it is read over.
        let out = [UInt8](unsafeUninitializedCapacity: st.size) { buf, initialized in
            var done = 0
            while done < buf.count {
                let n = io.read(fd, buf.baseAddress! + done, buf.count - done)
                if n < 0 {
                    if POSIX.Errno.current == .interrupted { continue }
                    failure = .current
                    break
                }
                if n == 0 { break }   // the file shrank while being read: keep what was there
                done += n
            }
            initialized = done
        }
        if let failure { throw .failed(failure) }
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
            guard st.isFolder else { throw .io(path: path, failure: .notAFolder) }
            return
        }
        let parent = AtomicFile.folder(of: path)
        if parent != path, parent != "/" {
            try makeFolder(parent)
        }
        if POSIX.mkdir(path, mode: 0o700) != 0 {
            guard POSIX.Errno.current == .exists else { throw .io(path: path, failure: .current) }
            return
        }
        // A new folder's name lives in its parent: without this, a power cut after a file was
        // saved inside it (and synced) could take the folder, and the file, away.
        syncFolder(parent)
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
