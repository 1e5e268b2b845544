/// A class folder that is a plain folder: a share (SMB, NFS) mounted on every machine, or a
/// local folder for one machine's children.
///
/// Nothing is written over, on any file system: a file is written whole under a temporary
/// name made with `O_EXCL` in the same folder, made durable, then given its name with a rename
/// that refuses to replace (`POSIX.renameNoReplace(in:)`), and the folder is made durable. No
/// `flock` (emulated or ignored over SMB and NFS). Calls block as the mount does: a share
/// whose server is gone answers as the kernel lets it (an error, or a wait).
///
/// No link is followed inside the class folder: every path is walked one name at a time from
/// the class folder's own descriptor (`openat` with `O_NOFOLLOW | O_DIRECTORY`), so a child's
/// folder replaced by a link (`Ben -> Ada`, or to a folder outside the share) is refused as
/// `.link`, never written through; `list` shows a link as one (`isLink`) without looking
/// where it points. The class folder's own path may be a link (a mount point's alias).
public struct FolderTransport: ClassTransport {
    /// The class folder's absolute path.
    public let root: String

    public init(_ address: ClassAddress) throws(ClassProblem) {
        guard case .folder(let path) = address else {
            throw .badAddress(address.description, why: "a WebDAV address is reached with WebDAVTransport, not as a folder")
        }
        root = path
    }

    public init(path: String) { root = path }

    public func makeFolder(_ path: String) throws(ClassProblem) {
        let parts = try names(path)
        guard let name = parts.last else { return }
        let parent = try openFolder(parts.dropLast(), for: full(parts), writing: true)
        defer { POSIX.close(parent) }
        if POSIX.mkdir(in: parent, name, mode: 0o775) == 0 {
            POSIX.sync(parent)
            return
        }
        let e = POSIX.Errno.current
        if e == .exists, let st = POSIX.linkStatus(in: parent, name) {
            if st.isLink { throw .link(full(parts)) }
            if st.isFolder { return }
        }
        throw problem(e, full(parts), writing: true)
    }

    public func create(_ path: String, bytes: [UInt8]) throws(ClassProblem) -> ClassTransportWrite {
        let parts = try names(path)
        guard let name = parts.last else { throw .badAddress(root, why: "a file needs a name") }
        let target = full(parts)
        let folder = try openFolder(parts.dropLast(), for: target, writing: true)
        defer { POSIX.close(folder) }
        var random = SystemRandomNumberGenerator()
        let temp = ".marble-tmp-" + String(random.next() as UInt64, radix: 36)
        let fd = POSIX.open(in: folder, temp, .writeOnly, [.create, .exclusive, .noFollow], mode: 0o644)
        guard fd >= 0 else { throw problem(.current, target, writing: true) }
        var failure: POSIX.Errno? = nil
        if !writeAll(fd, bytes) || POSIX.sync(fd) != 0 { failure = .current }
        if POSIX.close(fd) != 0, failure == nil { failure = .current }
        if let failure {
            POSIX.unlink(in: folder, temp)
            throw problem(failure, target, writing: true)
        }
        guard POSIX.renameNoReplace(in: folder, temp, name) == 0 else {
            let e = POSIX.Errno.current
            POSIX.unlink(in: folder, temp)
            if e == .exists { return .exists }
            throw problem(e, target, writing: true)
        }
        POSIX.sync(folder)
        return .created
    }

    public func list(_ path: String) throws(ClassProblem) -> [ClassEntry] {
        let parts = try names(path)
        let folder = try openFolder(parts[...])
        defer { POSIX.close(folder) }
        guard let found = POSIX.list(folder: folder) else { throw problem(.current, full(parts), writing: false) }
        return found.filter { !$0.hasPrefix(".marble-") }.sorted().compactMap { name in
            // A name removed between the listing and its stat is simply not there; a link is
            // shown as one, never stat'ed through.
            guard let st = POSIX.linkStatus(in: folder, name) else { return nil }
            if st.isLink { return ClassEntry(name: name, isFolder: false, size: 0, tag: "", isLink: true) }
            let size = st.isFolder ? 0 : st.size
            return ClassEntry(name: name, isFolder: st.isFolder, size: size,
                              tag: "\(size)-\(st.modified.seconds).\(st.modified.nanoseconds)")
        }
    }

    public func read(_ path: String, limit: Int) throws(ClassProblem) -> [UInt8] {
        let parts = try names(path)
        guard let name = parts.last else { throw .badAddress(root, why: "a file needs a name") }
        let file = full(parts)
        let folder = try openFolder(parts.dropLast(), for: file)
        defer { POSIX.close(folder) }
        // Not blocking: a FIFO planted under a picture's name would wait for a writer forever.
        let fd = POSIX.open(in: folder, name, .readOnly, [.noFollow, .nonBlocking])
        guard fd >= 0 else {
            let e = POSIX.Errno.current
            if POSIX.linkStatus(in: folder, name)?.isLink == true { throw .link(file) }
            throw problem(e, file, writing: false)
        }
        defer { POSIX.close(fd) }
        guard let st = POSIX.status(of: fd) else { throw problem(.current, file, writing: false) }
        guard st.isRegularFile else { throw .notFound(file) }
        if st.size > limit { throw .tooLarge(file, limit: max(0, limit)) }
        // Read to one byte past the limit: a file that grew since fstat is still refused.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { POSIX.read(fd, $0.baseAddress!, $0.count) }
            if n < 0, POSIX.Errno.current == .interrupted { continue }
            if n < 0 { throw problem(.current, file, writing: false) }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { throw .tooLarge(file, limit: max(0, limit)) }
        }
    }

    public func check() throws(ClassProblem) {
        guard let st = POSIX.status(root) else { throw problem(.current, root, writing: false) }
        guard st.isFolder else { throw .notFound(root) }
        var random = SystemRandomNumberGenerator()
        let probe = ".marble-probe-" + String(random.next() as UInt64, radix: 36)
        _ = try create(probe, bytes: Array("marble checks that it may hand in here\n".utf8))
        let folder = try openFolder([])
        POSIX.unlink(in: folder, probe)
        POSIX.close(folder)
    }
}
