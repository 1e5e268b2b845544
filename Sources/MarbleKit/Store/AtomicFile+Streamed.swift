extension AtomicFile {
    /// Writes a file made in pieces atomically and durably, as `write(_:to:)` does, without
    /// holding it whole: `produce` hands each piece to `put` (the first one starting with a
    /// header of `headerSize` bytes) and returns the header as it must end up, which is
    /// written over the first one before the fsync (a length and checksum known at the end).
    public static func write(to path: String, mode: POSIX.Mode = 0o644, io: FileIO = .system, headerSize: Int,
                             streaming produce: (_ put: ([UInt8]) -> Void) -> [UInt8]) throws(WriteError) {
        let dir = folder(of: path)
        let tmp = dir + "/." + baseName(of: path) + tempMarker + "\(POSIX.processID).\(UInt32.random(in: 0...UInt32.max))"
        let fd = POSIX.open(tmp, .writeOnly, [.create, .truncate, .noFollow], mode: mode)
        guard fd >= 0 else { throw WriteError(path: path, failure: .current, cannotCreate: true) }
        // The first failure stops the writing; the pieces after it are dropped.
        var failure: IOFailure?
        let header = produce { piece in
            if failure == nil { failure = io.writeAll(fd, piece) }
        }
        if failure == nil {
            if header.count != headerSize || POSIX.seek(fd, to: 0) != 0 {
                failure = .wroteNothing
            } else {
                failure = io.writeAll(fd, header)
            }
        }
        if failure == nil, POSIX.sync(fd) != 0 { failure = .current }
        if POSIX.close(fd) != 0, failure == nil { failure = .current }
        if failure == nil, POSIX.rename(tmp, path) != 0 { failure = .current }
        if let failure {
            POSIX.unlink(tmp)
            throw WriteError(path: path, failure: failure, cannotCreate: false)
        }
        Files.syncFolder(dir)
    }
}
