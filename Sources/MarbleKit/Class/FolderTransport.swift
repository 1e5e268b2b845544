/// A class folder that is a plain folder: a share (SMB, NFS) mounted on every machine, or a
/// local folder for one machine's children.
///
/// Nothing is written over, on any file system: a file is written whole under a temporary
/// name made with `O_EXCL` in the same folder, made durable, then given its name with a rename
/// that refuses to replace (`POSIX.renameNoReplace`), and the folder is made durable. No
/// `flock` (emulated or ignored over SMB and NFS). Calls block as the mount does: a share
/// whose server is gone answers as the kernel lets it (an error, or a wait).
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
        let target = try full(path)
        guard target != root else { return }
        if POSIX.mkdir(target, mode: 0o775) == 0 {
            syncFolder(parent(of: target))
            return
        }
        let e = POSIX.Errno.current
        if e == .exists, POSIX.status(target)?.isFolder == true { return }
        throw problem(e, target, writing: true)
    }

    public func create(_ path: String, bytes: [UInt8]) throws(ClassProblem) -> ClassTransportWrite {
        let target = try full(path)
        guard target != root else { throw .badAddress(target, why: "a file needs a name") }
        let folder = parent(of: target)
        var random = SystemRandomNumberGenerator()
        let temp = folder + "/.marble-tmp-" + String(random.next() as UInt64, radix: 36)
        let fd = POSIX.open(temp, .writeOnly, [.create, .exclusive, .noFollow], mode: 0o644)
        guard fd >= 0 else { throw problem(.current, target, writing: true) }
        var failure: POSIX.Errno? = nil
        if !writeAll(fd, bytes) || POSIX.sync(fd) != 0 { failure = .current }
        if POSIX.close(fd) != 0, failure == nil { failure = .current }
        if let failure {
            POSIX.unlink(temp)
            throw problem(failure, target, writing: true)
        }
        guard POSIX.renameNoReplace(temp, target) == 0 else {
            let e = POSIX.Errno.current
            POSIX.unlink(temp)
            if e == .exists { return .exists }
            throw problem(e, target, writing: true)
        }
        syncFolder(folder)
        return .created
    }

    public func list(_ path: String) throws(ClassProblem) -> [ClassEntry] {
        let folder = try full(path)
        guard let names = POSIX.list(folder) else { throw problem(.current, folder, writing: false) }
        return names.filter { !$0.hasPrefix(".marble-") }.sorted().compactMap { name in
            // A name removed between the listing and its stat is simply not there.
            guard let st = POSIX.status(folder + "/" + name) else { return nil }
            let size = st.isFolder ? 0 : st.size
            return ClassEntry(name: name, isFolder: st.isFolder, size: size,
                              tag: "\(size)-\(st.modified.seconds).\(st.modified.nanoseconds)")
        }
    }

    public func read(_ path: String, limit: Int) throws(ClassProblem) -> [UInt8] {
        let file = try full(path)
        let fd = POSIX.open(file, .readOnly, [.noFollow])
        guard fd >= 0 else { throw problem(.current, file, writing: false) }
        defer { POSIX.close(fd) }
        if let st = POSIX.status(of: fd), st.size > limit { throw .tooLarge(file, limit: max(0, limit)) }
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
        POSIX.unlink(root + "/" + probe)
    }
}
