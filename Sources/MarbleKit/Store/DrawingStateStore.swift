import Foundation

/// Every drawing kept, each continued exactly where it stopped, never lost to a crash.
///
/// On disk (folders 0700, files 0600):
///
///     ROOT/index                   the gallery's cache (rebuilt from the drawings if damaged)
///     ROOT/drawings/ID/journal     the drawing's setup, input and edits (the truth)
///     ROOT/drawings/ID/snapshot    its whole state at a point of the journal (a cache)
///     ROOT/drawings/ID/thumbnail.png
///     ROOT/drawings/ID/lock        held while a marble has the drawing open
///
/// Opening a store removes temporary files left by crashed writers and half-deleted drawings.
///
/// Sendable so that snapshots can be written on a background thread: everything it holds is
/// set at init, and the index it rewrites is replaced whole, atomically.
public final class DrawingStateStore: Sendable {
    public let root: String
    /// The clock, the file writes and the thumbnails' encoder (tests fix the clock and inject
    /// faults here).
    public let environment: Environment

    var drawingsFolder: String { root + "/drawings" }
    var indexPath: String { root + "/index" }

    /// Where the store lives: `--store DIR`, else `$MARBLE_HOME`, else `$XDG_DATA_HOME/marble`,
    /// else `~/.local/share/marble`.
    public static func location(explicit: String?, folders: UserFolders) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        return folders.store
    }

    /// Opens (and if need be creates) the store at `root`.
    public init(root: String, environment: Environment) throws(StoreError) {
        var r = root
        while r.count > 1 && r.hasSuffix("/") { r.removeLast() }
        self.root = r
        self.environment = environment
        try Files.makeFolder(r)
        try Files.makeFolder(r + "/drawings")
        cleanLeftovers()
    }

    /// The drawing folder for an id.
    func folder(of id: String) -> String { drawingsFolder + "/" + id }

    /// Whether `id` can name a drawing: 1–64 lowercase letters, digits and dashes, not
    /// starting with a dash, so it is safe in a path and on a command line.
    public static func isValidID(_ id: String) -> Bool {
        guard (1...64).contains(id.utf8.count), id.utf8.first != UInt8(ascii: "-") else { return false }
        return id.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// The ids of the drawings present, in folder order.
    public func ids() -> [String] {
        Files.list(drawingsFolder).filter { Self.isValidID($0) && Files.exists(folder(of: $0) + "/journal") }
    }

    // MARK: - Making, opening, deleting

    /// Starts a new drawing and makes its setup durable.
    ///
    /// With `board` (a picture the canvas's size, `Board.fitting`) the drawing is painted over
    /// it and kept in version 5: its journal holds the picture right after its setup (as PNG
    /// when the environment can encode and decode one, raw otherwise).
    public func create(configuration: SessionConfiguration, title: String? = nil, board: Board? = nil,
                       trace: TraceShape? = nil, policy: SavePolicy = .standard) throws(StoreError) -> StoredDrawing {
        if let why = configuration.validationError { throw .badConfiguration(why) }
        if let board, board.width != configuration.canvasWidth || board.height != configuration.canvasHeight {
            throw .badConfiguration("a \(board.width)×\(board.height) picture under a \(configuration.canvasWidth)×\(configuration.canvasHeight) canvas")
        }
        let now = environment.clock()
        let id = try newFolder(at: now)
        var begin = Journal.Begin(created: now, title: StoreFormat.clippedTitle(title ?? Self.defaultTitle(at: now)),
                                  configuration: configuration, trace: trace)
        var bytes = Journal.header() + Journal.frame(.begin(begin))
        if let board {
            begin.board = true
            bytes = Journal.header() + Journal.frame(.begin(begin))
                + Journal.frame(.board(.make(board, environment: environment)))
        }
        do {
            try AtomicFile.write(bytes, to: folder(of: id) + "/journal", mode: 0o600, io: environment.io)
        } catch {
            Files.removeTree(folder(of: id))
            throw error.storeError
        }
        Files.syncFolder(drawingsFolder)
        return try open(id, policy: policy)
    }

    /// Opens a drawing to continue it, recovering what is valid if it was damaged.
    public func open(_ id: String, policy: SavePolicy = .standard) throws(StoreError) -> StoredDrawing {
        guard Self.isValidID(id) else { throw .badID(id) }
        guard Files.exists(folder(of: id) + "/journal") else { throw .notFound(id: id) }
        return try StoredDrawing.load(id: id, store: self, policy: policy)
    }

    /// The most recently modified drawing's id.
    public func latestID() throws(StoreError) -> String {
        guard let first = list().drawings.first else { throw .empty(store: root) }
        return first.id
    }

    /// Deletes a drawing: gone from the gallery at once, its files removed after.
    public func delete(_ id: String) throws(StoreError) {
        guard Self.isValidID(id) else { throw .badID(id) }
        let path = folder(of: id)
        guard Files.exists(path + "/journal") else { throw .notFound(id: id) }
        let lock = try StoredDrawing.lock(id: id, folder: path)
        defer { POSIX.close(lock) }
        // Rename first: a crash mid-removal leaves a hidden leftover, never half a drawing.
        let trash = root + "/.deleting-\(id)-\(POSIX.processID)"
        guard POSIX.rename(path, trash) == 0 else { throw .io(path: path, failure: .current) }
        Files.syncFolder(drawingsFolder)
        Files.removeTree(trash)
        removeFromIndex(id)
    }

    /// Adds a drawing from a journal's bytes (from a shared picture) as a new drawing.
    public func adopt(journal bytes: [UInt8], source: String, policy: SavePolicy = .standard) throws(StoreError) -> StoredDrawing {
        let scan = try Journal.scan(bytes, path: source)
        guard let first = scan.frames.first, first.kind.isBegin else {
            throw .damaged(path: source, detail: "the drawing in it is damaged: \(scan.damage ?? "no setup record")")
        }
        let id = try newFolder(at: environment.clock())
        do {
            try AtomicFile.write(Array(bytes[0..<scan.validEnd]), to: folder(of: id) + "/journal", mode: 0o600, io: environment.io)
        } catch {
            Files.removeTree(folder(of: id))
            throw error.storeError
        }
        Files.syncFolder(drawingsFolder)
        let drawing: StoredDrawing
        do {
            drawing = try open(id, policy: policy)
        } catch {
            // A drawing that cannot be opened must not stay in the gallery.
            Files.removeTree(folder(of: id))
            throw error
        }
        if let damage = scan.damage {
            drawing.noteDamagedSource("\(source): \(damage); kept the good part (\(formatSeconds(drawing.session.duration)) of drawing)")
        }
        return drawing
    }

    /// A drawing's journal as it is on disk, up to its last good record (for export).
    public func journalBytes(of id: String) throws(StoreError) -> [UInt8] {
        guard Self.isValidID(id) else { throw .badID(id) }
        let path = folder(of: id) + "/journal"
        guard let bytes = try Files.read(path, io: environment.io) else { throw .notFound(id: id) }
        let scan = try Journal.scan(bytes, path: path)
        return Array(bytes[0..<scan.validEnd])
    }

    // MARK: - Internals

    static func defaultTitle(at time: Double) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "d MMM yyyy, HH:mm"
        return "Drawing of " + f.string(from: Date(timeIntervalSince1970: time))
    }

    /// Makes the folder of a new drawing and returns its id, `20261121-140312-a3f9`: sorts by
    /// creation, unique by the random tail. mkdir fails on an existing folder, so two marbles
    /// making drawings at once never share one.
    func newFolder(at time: Double) throws(StoreError) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd-HHmmss"
        let stem = f.string(from: Date(timeIntervalSince1970: time))
        for _ in 0..<1000 {
            let tail = String(UInt16.random(in: 0...UInt16.max), radix: 16)
            let id = stem + "-" + String(repeating: "0", count: 4 - tail.count) + tail
            if POSIX.mkdir(folder(of: id), mode: 0o700) == 0 { return id }
            if POSIX.Errno.current != .exists { throw .io(path: folder(of: id), failure: .current) }
        }
        throw .io(path: drawingsFolder, failure: .noFreeName)
    }

    /// Removes temporary files of writers that are gone, and half-deleted drawings.
    func cleanLeftovers() {
        for name in Files.list(root) where name.hasPrefix(".deleting-") {
            Files.removeTree(root + "/" + name)
        }
        // The class folder's setup and the outbox's hand-ins are written the same way.
        let outbox = root + "/outbox"
        let folders = [root, root + "/class", outbox] + Files.list(outbox).map { outbox + "/" + $0 }
            + Files.list(drawingsFolder).map { drawingsFolder + "/" + $0 }
        for folder in folders {
            for name in Files.list(folder) {
                guard let marker = name.range(of: AtomicFile.tempMarker),
                      let pid = Int32(name[marker.upperBound...].prefix { $0 != "." }) else { continue }
                // A live writer's temporary file is its business.
                if pid != POSIX.processID, POSIX.processIsGone(pid) { POSIX.unlink(folder + "/" + name) }
            }
        }
        // A drawing folder left empty by a crash inside `create` (a minute old, so that a
        // create in progress elsewhere keeps its folder).
        for id in Files.list(drawingsFolder) where Files.list(folder(of: id)).isEmpty {
            if let st = POSIX.status(folder(of: id)), Double(st.modified.seconds) < environment.clock() - 60 { POSIX.rmdir(folder(of: id)) }
        }
    }
}

/// One drawing as the gallery lists it.
public struct DrawingSummary: Equatable, Sendable {
    public var id: String
    public var title: String
    /// Wall-clock times, seconds since 1970.
    public var created: Double
    public var modified: Double
    /// Seconds of drawing (first to last sample).
    public var duration: Double
    /// Pieces of trail on the canvas.
    public var segments: Int
    /// The journal's length when this was taken: tells a stale index entry.
    var journalLength: Int
    public var thumbnailPath: String
    /// The shape the drawing traces, if any.
    public var trace: TraceShape?
    /// How much each marble's child moved, marble 1's first: one record a marble, whatever
    /// their count (empty only for an entry made by hand).
    public var marbles: [MovementMeter.Figures] = []

    /// The share of the drawing's time each child spent moving, one a marble, 0 to 1.
    public var movingShares: [Double] {
        marbles.map { duration > 0 ? min(1, $0.activeSeconds / duration) : 0 }
    }
}
