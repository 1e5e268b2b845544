/// Where opening a drawing starts: the newest snapshot that an intact journal record vouches
/// for, even past damage in the journal, so that one damaged byte costs at most the drawing
/// between two snapshots (`snapshotInterval`).
extension StoredDrawing {
    /// A snapshot found past the journal's damage, and the intact records after it.
    struct Resync {
        var state: DrawingSession.State
        var summary: Journal.Summary
        /// The intact records after the snapshot's, as they are in the damaged journal.
        var tail: [UInt8]
    }

    /// What opening starts from.
    struct Start {
        var session: DrawingSession?
        var meta: Snapshot.Meta?
        /// The first journal record to replay (1: all after the setup).
        var replayFrom = 1
        var resync: Resync?
        /// A good snapshot that matches no record: kept aside before it is replaced.
        var snapshotAhead = false
    }

    /// Picks the starting point among the snapshot and the older one.
    ///
    /// - Parameter newest: the newest snapshot as `readSnapshot` gave it, read before the
    ///   journal (`load` does, so that the two are never whole in memory at once).
    static func startingPoint(bytes: [UInt8], scan: Journal.Scan, folder: String, newest: SnapshotRead,
                              io: FileIO, notes: inout [String]) throws(StoreError) -> Start {
        var candidates: [(DrawingSession, Snapshot.Meta)] = []
        for path in [folder + "/snapshot", folder + "/snapshot.1"] {
            do {
                let read = path == folder + "/snapshot" ? newest : SnapshotRead { () throws(StoreError) in try readSnapshot(path, io: io) }
                guard let (s, m) = try read.get() else { continue }
                // The usual case: the newest snapshot names an intact record. The older one
                // is then never read (it is as big, and decoding it doubled the time to open).
                if candidates.isEmpty, let start = matching(s, m, scan) { return start }
                candidates.append((s, m))
            } catch let error where error.isBadData {
                if case .newerVersion = error { throw error }
                if path.hasSuffix("/snapshot") { notes.append("\(error); went on from the older snapshot or the journal") }
            }
        }
        // Newest first: the one furthest along the journal.
        candidates.sort { $0.1.journalEnd > $1.1.journalEnd }
        var start = Start()
        for (session, meta) in candidates {
            if scan.frames.contains(where: { $0.end == meta.journalEnd }) {
                if let matched = matching(session, meta, scan) { return matched }
                continue
            }
            guard meta.journalEnd > scan.validEnd else { continue }
            if let resync = resync(bytes: bytes, session: session, meta: meta) {
                start.meta = meta
                start.resync = resync
                return start
            }
            start.snapshotAhead = true
        }
        if !candidates.isEmpty {
            notes.append("the snapshot does not match the journal; rebuilt the drawing from the journal")
        }
        return start
    }

    /// A snapshot file's session and meta, or what reading it threw.
    typealias SnapshotRead = Result<(DrawingSession, Snapshot.Meta)?, StoreError>

    /// The session and meta snapshot file `path` holds; nil when there is none, or it is of
    /// version 1 (it holds no movement: the journal gives it exactly).
    static func readSnapshot(_ path: String, io: FileIO) throws(StoreError) -> (DrawingSession, Snapshot.Meta)? {
        guard let snap = try Files.read(path, io: io) else { return nil }
        if (1..<2).contains(StoreFormat.version(of: snap)) { return nil }
        return try Snapshot.decode(snap, path: path)
    }

    /// Starting from a snapshot that names an intact record of the journal (its end and CRC).
    static func matching(_ session: DrawingSession, _ meta: Snapshot.Meta, _ scan: Journal.Scan) -> Start? {
        guard let k = scan.frames.firstIndex(where: { $0.end == meta.journalEnd }),
              scan.frames[k].crc == meta.journalCRC else { return nil }
        var start = Start()
        start.session = session
        start.meta = meta
        start.replayFrom = k + 1
        return start
    }

    /// The snapshot's own record, checked where the snapshot says it is, and the intact
    /// records after it; nil when that record is damaged too.
    static func resync(bytes: [UInt8], session: DrawingSession, meta: Snapshot.Meta) -> Resync? {
        let at = meta.journalStart, end = meta.journalEnd
        guard at >= Journal.headerSize, end <= bytes.count, end - at >= 9 else { return nil }
        let frame = Array(bytes[at..<end])
        let length = Int(frame[0]) | Int(frame[1]) << 8 | Int(frame[2]) << 16 | Int(frame[3]) << 24
        guard length == frame.count - 9 else { return nil }
        let crc = CRC32.checksum(Array(frame[0..<(frame.count - 4)]))
        guard crc == meta.journalCRC,
              let kind = Journal.Kind(rawValue: frame[4]), !kind.isBegin, !kind.isCheckpoint, kind != .board,
              let record = try? Journal.decode(bytes, Journal.Frame(offset: at, end: end, kind: kind, crc: crc)),
              var summary = record.summary else { return nil }
        guard let tailScan = try? Journal.scan(bytes, path: "", from: end) else { return nil }
        summary.marbles = session.marbles.map(\.movement.figures)
        summary.layout = .marbles
        return Resync(state: session.state, summary: summary, tail: Array(bytes[end..<tailScan.validEnd]))
    }

    /// A journal of the setup (a drawing over a picture's picture made again from the state's,
    /// encoded as `environment` can), a checkpoint of `state` and the records in `tail`, of
    /// version 6; the checkpoint in version 5's state layout when the damaged journal was of
    /// version 5 or later or the state needs it.
    static func rebuild(bytes: [UInt8], begin: Journal.Begin, title: String, state: DrawingSession.State,
                        summary: Journal.Summary, tail: [UInt8], path: String, environment: Environment) throws(StoreError) -> ([UInt8], Journal.Scan) {
        var b = begin
        b.title = title
        let pictures = b.board || state.needsPictures || StoreFormat.version(of: bytes) == StoreFormat.picturesVersion
        var rebuilt = Journal.header()
        rebuilt += Journal.frame(.begin(b))
        if b.board {
            guard let board = state.canvas.board else {
                throw .damaged(path: path, detail: "the snapshot holds no picture under the paint; the files are left as they are")
            }
            rebuilt += Journal.frame(.board(.make(board, environment: environment)))
        }
        rebuilt += Journal.frame(.checkpoint(state, summary), pictures: pictures) + tail
        let scan = try Journal.scan(rebuilt, path: path)
        guard scan.damage == nil, scan.frames.count >= 2 else {
            throw .damaged(path: path, detail: "the journal could not be rebuilt from its snapshot; the files are left as they are")
        }
        return (rebuilt, scan)
    }
}
