/// Writing a whole file so that readers see the old one or the new one, never a part.
///
/// Write to a temporary file in the same folder, fsync it, rename it over the target, then
/// fsync the folder so the rename itself survives a power cut.
public enum AtomicFile {
    /// What went wrong writing: the file, and the failed call's `errno`.
    public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var failure: IOFailure
        /// Whether the folder or file could not be created (as opposed to a failed write).
        public var cannotCreate: Bool
        public var description: String { "\(path): \(failure)" }
        /// The same failure as the store tells it.
        public var storeError: StoreError { .io(path: path, failure: failure) }
    }

    /// Writes `bytes` to `path` atomically and durably, with the given permissions; with
    /// `makingFolders`, the folder and its parents are made first when missing (0700).
    public static func write(_ bytes: [UInt8], to path: String, mode: POSIX.Mode = 0o644, io: FileIO,
                             makingFolders: Bool = false) throws(WriteError) {
        try replace(path, mode: mode, makingFolders: makingFolders) { fd in io.writeAll(fd, bytes) }
    }

    /// Writes a file made in pieces atomically and durably, without holding it whole:
    /// `produce` hands each piece to `put` (the first one starting with a header of
    /// `headerSize` bytes) and returns the header as it must end up, which is written over the
    /// first one before the fsync (a length and checksum known only at the end).
    /// A header of another size writes nothing (how `produce` gives up part-way).
    public static func write(to path: String, mode: POSIX.Mode = 0o644, io: FileIO, headerSize: Int,
                             makingFolders: Bool = false,
                             streaming produce: (_ put: ([UInt8]) -> Void) -> [UInt8]) throws(WriteError) {
        try replace(path, mode: mode, makingFolders: makingFolders) { fd in
            // The first failure stops the writing; the pieces after it are dropped.
            var failure: IOFailure?
            let header = produce { piece in
                if failure == nil { failure = io.writeAll(fd, piece) }
            }
            if failure != nil { return failure }
            guard header.count == headerSize, POSIX.seek(fd, to: 0) == 0 else { return .wroteNothing }
            return io.writeAll(fd, header)
        }
    }

    /// The one way a whole file is replaced: a temporary in the same folder, `fill` writing it,
    /// fsync, rename over `path`, then fsync of the folder so the rename itself survives a power cut.
    private static func replace(_ path: String, mode: POSIX.Mode, makingFolders: Bool,
                                fill: (Int32) -> IOFailure?) throws(WriteError) {
        let dir = folder(of: path)
        if makingFolders {
            do throws(StoreError) { try Files.makeFolder(dir) } catch {
                guard case .io(let at, let failure, _) = error else { throw WriteError(path: dir, failure: .notAFolder, cannotCreate: true) }
                throw WriteError(path: at, failure: failure, cannotCreate: true)
            }
        }
        // The pid tells the store whether the writer is gone; the random tail keeps two
        // threads of one process apart.
        let tmp = dir + "/." + baseName(of: path) + tempMarker + "\(POSIX.processID).\(UInt32.random(in: 0...UInt32.max))"
        let fd = POSIX.open(tmp, .writeOnly, [.create, .truncate, .noFollow], mode: mode)
        guard fd >= 0 else { throw WriteError(path: path, failure: .current, cannotCreate: true) }
        var failure = fill(fd)
        if failure == nil, POSIX.sync(fd) != 0 { failure = .current }
        if POSIX.close(fd) != 0, failure == nil { failure = .current }
        if failure == nil, POSIX.rename(tmp, path) != 0 { failure = .current }
        if let failure {
            POSIX.unlink(tmp)
            throw WriteError(path: path, failure: failure, cannotCreate: false)
        }
        Files.syncFolder(dir)
    }

    /// Temporary files carry this in their names; the store removes leftovers when it opens.
    public static let tempMarker = ".tmp-"

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
