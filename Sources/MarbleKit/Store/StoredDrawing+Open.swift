/// Opening a drawing: the snapshot plus the journal after it, or the whole journal, with
/// whatever is damaged cut away and said so.
extension StoredDrawing {
    /// Takes the drawing's lock: one marble at a time may change a drawing.
    static func lock(id: String, folder: String) throws(StoreError) -> Int32 {
        try Files.checkOwnFolder(folder)
        let path = folder + "/lock"
        let fd = POSIX.open(path, .readWrite, [.create, .noFollow], mode: 0o600)
        guard fd >= 0 else {
            if POSIX.Errno.current == .symbolicLink { throw Files.linkRefused(path) }
            throw .io(path: path, failure: .current)
        }
        guard POSIX.tryLock(fd) else {
            POSIX.close(fd)
            throw .busy(id: id)
        }
        return fd
    }

    static func load(id: String, store: DrawingStateStore, policy: SavePolicy) throws(StoreError) -> StoredDrawing {
        let folder = store.folder(of: id)
        let lockFD = try lock(id: id, folder: folder)
        var locked = true
        defer { if locked { POSIX.close(lockFD) } }

        let journalPath = folder + "/journal"
        // The newest snapshot first, its bytes gone before the journal's are read: at 1M
        // segments the two (24 and 28 MB) and the decoded session were the window's peak.
        let io = store.environment.io
        let newest = SnapshotRead { () throws(StoreError) in try readSnapshot(folder + "/snapshot", io: io) }
        guard var bytes = try Files.read(journalPath, io: io) else { throw .notFound(id: id) }
        var scan = try Journal.scan(bytes, path: journalPath)
        var notes: [String] = []
        let begin = try setup(bytes: bytes, scan: scan, path: journalPath)

        // Start from the newest snapshot that matches an intact record of this journal, or,
        // past damage, from one whose own record is still intact there.
        let start = try startingPoint(bytes: bytes, scan: scan, folder: folder, newest: newest, io: io, notes: &notes)
        let repaired = try repair(start, bytes: &bytes, scan: &scan, begin: begin, path: journalPath, store: store, notes: &notes)
        let replay = try replayed(start, begin: begin, bytes: bytes, scan: scan, repaired: repaired != nil,
                                  path: journalPath, store: store)

        if start.snapshotAhead && repaired == nil {
            let aside = try keepAside(folder + "/snapshot", store: store)
            notes.append("the newer snapshot is kept as \(aside)")
        }
        if let damage = replay.damage {
            try cut(damage, bytes: bytes, scan: scan, end: replay.end, session: replay.session, path: journalPath,
                    store: store, notes: &notes)
        }

        // Undo's pictures are painted in the background: the first undo must not repaint it all.
        let session = replay.session
        session.seedUndoBases()
        let fd = POSIX.open(journalPath, .writeOnly, .noFollow)
        guard fd >= 0 else {
            if POSIX.Errno.current == .symbolicLink { throw Files.linkRefused(journalPath) }
            throw .io(path: journalPath, failure: .current)
        }
        let journal = JournalWriter(path: journalPath, io: store.environment.io, fd: fd, end: replay.end,
                                    version: StoreFormat.version(of: bytes), savedDuration: session.duration)
        let snapshots = SnapshotSchedule(samplesSince: replay.samplesSince, changedSince: replay.changedSinceSnapshot,
                                         durationAtLast: replay.durationAtSnapshot)
        locked = false
        let drawing = StoredDrawing(
            Opened(id: id, session: session, title: replay.title, created: begin.created, modified: replay.modified,
                   trace: begin.trace, notes: notes, journal: journal, snapshots: snapshots, lockFD: lockFD),
            store: store, policy: policy)
        if !notes.isEmpty || replay.samplesSince >= policy.snapshotEvery {
            // Make the repaired state the new starting point.
            try? drawing.checkpoint()
        }
        return drawing
    }

    /// The journal's setup record (its first).
    ///
    /// - Throws: `StoreError.damaged` naming the journal when there is none or it is unreadable.
    static func setup(bytes: [UInt8], scan: Journal.Scan, path: String) throws(StoreError) -> Journal.Begin {
        guard let first = scan.frames.first else {
            throw .damaged(path: path, detail: "\(scan.damage ?? "no setup record"): nothing can be recovered; the files are left as they are")
        }
        do {
            guard case .begin(let b) = try Journal.decode(bytes, first) else { throw DecodeError("no setup record") }
            return b
        } catch {
            throw .damaged(path: path, detail: "the drawing's setup is unreadable (\(error)); the files are left as they are")
        }
    }

    /// When the journal is damaged before the snapshot `start` goes on from: rebuilds it as its
    /// setup, the snapshot's state as a checkpoint, and the intact records after it, keeping
    /// the damaged file aside (its name is returned, and said in `notes`); nil otherwise.
    static func repair(_ start: Start, bytes: inout [UInt8], scan: inout Journal.Scan, begin: Journal.Begin, path: String,
                       store: DrawingStateStore, notes: inout [String]) throws(StoreError) -> String? {
        guard let resync = start.resync else { return nil }
        let lostAt = scan.damage ?? "damage"
        let (rebuilt, rebuiltScan) = try rebuild(bytes: bytes, begin: begin, title: start.meta?.title ?? begin.title,
                                                 state: resync.state, summary: resync.summary, tail: resync.tail, path: path,
                                                 environment: store.environment)
        let aside = try keepDamaged(path, bytes: bytes, replacement: rebuilt, store: store)
        notes.append("journal: \(lostAt); went on from the snapshot at \(formatSeconds(resync.summary.duration)) and the intact records after it; the damaged file is kept as \(aside)")
        bytes = rebuilt
        scan = rebuiltScan
        return aside
    }

    /// What replaying the journal after the starting point gave.
    struct Replayed {
        var session: DrawingSession
        var title: String
        var modified: Double
        /// The last record replayed.
        var end: Journal.End
        /// What stopped the replay (or was found by the scan), nil for nothing.
        var damage: String?
        var samplesSince: Int
        var changedSinceSnapshot: Bool
        var durationAtSnapshot: Double
    }

    /// The session `start` gives (a snapshot's, a repaired journal's checkpoint's, or a new one
    /// on the drawing's setup) with the journal's records after it replayed; a record that will
    /// not replay is damage, and the replay stops before it.
    static func replayed(_ start: Start, begin: Journal.Begin, bytes: [UInt8], scan: Journal.Scan, repaired: Bool,
                         path: String, store: DrawingStateStore) throws(StoreError) -> Replayed {
        // The setup: the begin record, and a drawing over a picture's picture after it.
        let setup = begin.board ? 2 : 1
        var replayFrom = start.resync != nil ? setup + 1 : max(start.replayFrom, setup)
        var restored = start.session
        let meta = start.meta
        if restored == nil, scan.frames.count > setup, scan.frames[setup].kind.isCheckpoint {
            // A repaired journal goes on from its checkpoint.
            do {
                guard case .checkpoint(let state, _) = try Journal.decode(bytes, scan.frames[setup]) else { throw DecodeError("no checkpoint") }
                restored = try DrawingSession(restoring: state)
                replayFrom = setup + 1
            } catch {
                throw .damaged(path: path, detail: "the checkpoint the journal goes on from is unusable (\(error)); the files are left as they are")
            }
        }
        let session: DrawingSession
        if let restored {
            session = restored
        } else {
            session = DrawingSession(configuration: begin.configuration,
                                     board: try board(of: begin, bytes: bytes, scan: scan, path: path,
                                                      decodePicture: store.environment.codecs.decodePicture))
        }
        var out = Replayed(session: session, title: meta?.title ?? begin.title, modified: meta?.modified ?? begin.created,
                         end: Journal.End(scan.frames[replayFrom - 1]), damage: repaired ? nil : scan.damage, samplesSince: 0,
                         changedSinceSnapshot: meta == nil || replayFrom < scan.frames.count,
                         durationAtSnapshot: meta != nil ? session.duration : 0)
        let acceptedAtStart = session.acceptedSamples + session.droppedSamples
        for f in scan.frames[replayFrom...] {
            do {
                let record = try Journal.decode(bytes, f)
                try record.apply(to: session)
                if case .title(let t, _) = record { out.title = t }
                if let s = record.summary { out.modified = s.wall }
            } catch {
                out.damage = "the record at byte \(f.offset) is unusable (\(error))"
                break
            }
            out.end = Journal.End(f)
        }
        out.samplesSince = session.acceptedSamples + session.droppedSamples - acceptedAtStart
        return out
    }

    /// Cuts the journal after `end`, the last record that replayed: a tail torn by a crash is
    /// truncated; anything else is kept aside as damage and the good part written in its place.
    static func cut(_ damage: String, bytes: [UInt8], scan: Journal.Scan, end: Journal.End, session: DrawingSession,
                    path: String, store: DrawingStateStore, notes: inout [String]) throws(StoreError) {
        let kept = formatSeconds(session.duration)
        // A crash tears at most the one append being written (normally a kilobyte or two):
        // a short tail that is cut short, or zeros where the filesystem had not yet written
        // data. Anything longer or different is damage, and the file is kept as it was.
        let tail = bytes[end.length...]
        let cutShort = end.length == scan.validEnd && tail.count <= 64 << 10
            && (scan.cutShort || tail.allSatisfy { $0 == 0 })
            && !Journal.hasRecord(in: bytes, after: end.length)
        if cutShort {
            // A record torn by a crash: it was never durable, so nothing good is lost.
            try truncate(path, to: end.length)
            notes.append("the last save was cut short (a crash?); kept the drawing up to \(kept)")
        } else {
            let aside = try keepDamaged(path, bytes: bytes, replacement: Array(bytes[0..<end.length]), store: store)
            notes.append("journal: \(damage); kept the drawing up to \(kept) (\(session.segmentCount) segments); the damaged file is kept as \(aside)")
        }
    }

    /// The picture under a drawing's paint, from its journal's second record (nil for a drawing
    /// without one): what replaying the journal from the start paints over.
    ///
    /// - Throws: `StoreError.damaged` naming the journal when the record is damaged or missing
    ///   (then no snapshot held the picture either: nothing is changed, the files are left as
    ///   they are), cannot be decoded here, or does not match its digest.
    static func board(of begin: Journal.Begin, bytes: [UInt8], scan: Journal.Scan, path: String,
                      decodePicture: Environment.PictureDecoder?) throws(StoreError) -> Board? {
        guard begin.board else { return nil }
        guard scan.frames.count > 1, case .board(let record)? = try? Journal.decode(bytes, scan.frames[1]) else {
            throw .damaged(path: path, detail: "the picture under the paint is damaged (\(scan.damage ?? "unreadable")) and no snapshot holds it; the files are left as they are")
        }
        do {
            return try record.board(decodePicture: decodePicture)
        } catch {
            throw .damaged(path: path, detail: "\(error); the files are left as they are")
        }
    }

    /// Cuts a torn tail off the journal, durably.
    static func truncate(_ path: String, to length: Int) throws(StoreError) {
        let fd = POSIX.open(path, .writeOnly, .noFollow)
        guard fd >= 0 else {
            if POSIX.Errno.current == .symbolicLink { throw Files.linkRefused(path) }
            throw .io(path: path, failure: .current)
        }
        defer { POSIX.close(fd) }
        guard POSIX.truncate(fd, to: length) == 0, POSIX.sync(fd) == 0 else {
            throw .io(path: path, failure: .current)
        }
    }

    /// Links `path` to a new name that nothing else has: a copy that nothing will overwrite.
    static func keepAside(_ path: String, store: DrawingStateStore) throws(StoreError) -> String {
        for n in 0..<1000 {
            let aside = path + ".damaged-\(Int(store.environment.clock()))" + (n == 0 ? "" : "-\(n)")
            if POSIX.link(path, aside) == 0 { return aside }
            if POSIX.Errno.current != .exists { throw .io(path: aside, failure: .current) }
        }
        throw .io(path: path, failure: .noFreeName)
    }

    /// Keeps the damaged journal under a new name, then writes what was recovered in its place.
    static func keepDamaged(_ path: String, bytes: [UInt8], replacement: [UInt8], store: DrawingStateStore) throws(StoreError) -> String {
        // A hard link keeps the damaged bytes untouched; the good part goes to a new file.
        let aside = try keepAside(path, store: store)
        do {
            try AtomicFile.write(replacement, to: path, mode: 0o600, io: store.environment.io)
        } catch {
            throw .io(path: path, failure: error.failure, safe: .damagedFileLeft)
        }
        return aside
    }
}
