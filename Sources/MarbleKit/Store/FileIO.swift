#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    public static let system = FileIO(write: { fd, p, n in Glibc.write(fd, p, n) })

    /// Writes all of `bytes` to `fd`; the errno text on failure.
    func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return AtomicFile.errnoText()
                }
                if n == 0 { return "no space written" }
                done += n
            }
            return nil
        }
    }
}

/// Small POSIX helpers for the store: whole-file reads, folders, listing, removal.
enum Files {
    /// The file's bytes; nil when it does not exist.
    static func read(_ path: String) throws(StoreError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .io(path: path, reason: AtomicFile.errnoText())
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .io(path: path, reason: AtomicFile.errnoText()) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw .damaged(path: path, detail: "is not a regular file") }
        var failure: String?
        // Uninitialized: a 40 MB snapshot need not be zeroed before it is read over.
        let out = [UInt8](unsafeUninitializedCapacity: Int(st.st_size)) { buf, initialized in
            var done = 0
            while done < buf.count {
                let n = Glibc.read(fd, buf.baseAddress! + done, buf.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
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

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// The size of a file; nil when it is missing.
    static func size(_ path: String) -> Int? {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : nil
    }

    /// Makes a folder (and its parents) readable by the owner only.
    static func makeFolder(_ path: String) throws(StoreError) {
        var st = stat()
        if stat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw .io(path: path, reason: "is not a folder") }
            return
        }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeFolder(String(path[..<slash]))
        }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw .io(path: path, reason: AtomicFile.errnoText())
        }
    }

    /// The names in a folder, without `.` and `..`.
    static func list(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes a file or a folder with everything in it.
    static func removeTree(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if st.st_mode & S_IFMT == S_IFDIR {
            for name in list(path) { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Makes a rename or a new file in `folder` survive a power cut.
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }
}
