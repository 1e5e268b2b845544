/// A class gallery's record of what it pulled: `class/pulled`, one tab-separated line a file.
///
/// Appended and synced a line at a time, so a pull cut short keeps what it brought; a torn
/// last line (a power cut mid-write) is ignored, and that file is pulled again.
public struct PulledLedger: Sendable {
    /// One pulled file.
    public struct Line: Equatable, Sendable {
        public var path: String
        public var tag: String
        public var size: Int
        /// The drawing's id in the class gallery.
        public var drawing: String
        public var child: String
        public var code: String
    }

    let path: String
    let folder: String
    let io: FileIO

    public init(gallery: DrawingStateStore) {
        folder = gallery.root + "/class"
        path = folder + "/pulled"
        io = gallery.environment.io
    }

    /// Every whole line, by the file's path (a later line wins).
    public func entries() -> [String: Line] {
        var out: [String: Line] = [:]
        guard let bytes = try? Files.read(path, io: io) else { return out }
        for raw in bytes.split(separator: 10, omittingEmptySubsequences: true) {
            let f = raw.split(separator: 9, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard f.count == 6, let size = Int(f[2]) else { continue }
            out[f[0]] = Line(path: f[0], tag: f[1], size: size, drawing: f[3], child: f[4], code: f[5])
        }
        return out
    }

    /// The lines by drawing id.
    public func byDrawing() -> [String: Line] {
        var out: [String: Line] = [:]
        for l in entries().values { out[l.drawing] = l }
        return out
    }

    /// Appends one line and syncs it.
    func append(_ line: Line) throws(StoreError) {
        try Files.makeFolder(folder)
        let clean = { (s: String) in String(s.map { $0 == "\t" || $0 == "\n" ? " " : $0 }) }
        let text = [line.path, line.tag, String(line.size), line.drawing, line.child, line.code].map(clean).joined(separator: "\t") + "\n"
        let fd = POSIX.open(path, .writeOnly, [.create, .append, .noFollow], mode: 0o600)
        guard fd >= 0 else { throw .io(path: path, failure: .current) }
        defer { POSIX.close(fd) }
        if let failure = io.writeAll(fd, Array(text.utf8)) { throw .io(path: path, failure: failure) }
        if POSIX.syncData(fd) != 0 { throw .io(path: path, failure: .current) }
    }
}
