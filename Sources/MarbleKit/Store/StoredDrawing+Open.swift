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
            throw .io(path: path, reason: AtomicFile.errnoText())
        }
        guard POSIX.tryLock(fd) else {
            POSIX.close(fd)
            throw .busy(id: id)
        }
        return fd
    }

    static func load(id: String, store: DrawingStateStore) throws(StoreError) -> StoredDrawing {
        let folder = store.folder(of: id)
        let lockFD = try lock(id: id, folder: folder)
        var locked = true
        defer { if locked { POSIX.close(lockFD) } }

        let journalPath = folder + "/journal"
        guard let bytes = try Files.read(journalPath) else { throw .notFound(id: id) }
        let scan = try Journal.scan(bytes, path: journalPath)
        var notes: [String] = []
        guard let first = scan.frames.first else {
            throw .damaged(path: journalPath, detail: "\(scan.damage ?? "no setup record"): nothing can be recovered; the files are left as they are")
        }
        let begin: Journal.Begin
        do {
            guard case .begin(let b) = try Journal.decode(bytes, first) else { throw DecodeError("no setup record") }
            begin = b
        } catch {
            throw .damaged(path: journalPath, detail: "the drawing's setup is unreadable (\(error)); the files are left as they are")
        }

        // Start from the snapshot when it matches a record of this journal.
        let snapshotPath = folder + "/snapshot"
        var session: DrawingSession?
        var meta: Snapshot.Meta?
        var replayFrom = 1
        var snapshotAhead = false
        do {
            if let snap = try Files.read(snapshotPath) {
                let (s, m) = try Snapshot.decode(snap, path: snapshotPath)
                if let k = scan.frames.firstIndex(where: { $0.end == m.journalEnd }), scan.frames[k].crc == m.journalCRC {
                    session = s
                    meta = m
                    replayFrom = k + 1
                } else {
                    // A good snapshot past the journal's damage holds more than the journal can
                    // give back: it is kept aside before the repaired state replaces it.
                    snapshotAhead = m.journalEnd > scan.validEnd
                    notes.append("the snapshot does not match the journal; rebuilt the drawing from the journal")
                }
            }
        } catch let error where error.isBadData {
            if case .newerVersion = error { throw error }
            notes.append("\(error); rebuilt the drawing from the journal")
        }

        let drawing = StoredDrawing(
            id: id, store: store, session: session ?? DrawingSession(configuration: begin.configuration),
            title: meta?.title ?? begin.title, created: begin.created, modified: meta?.modified ?? begin.created,
            journalLength: scan.frames[replayFrom - 1].end, journalCRC: scan.frames[replayFrom - 1].crc)

        // Replay the journal after the starting point; a record that will not replay is damage.
        var damage = scan.damage
        let acceptedAtStart = drawing.live.acceptedSamples + drawing.live.droppedSamples
        for f in scan.frames[replayFrom...] {
            do {
                try drawing.replay(try Journal.decode(bytes, f))
            } catch {
                damage = "the record at byte \(f.offset) is unusable (\(error))"
                break
            }
            drawing.journalLength = f.end
            drawing.journalCRC = f.crc
        }
        drawing.samplesSinceSnapshot = drawing.live.acceptedSamples + drawing.live.droppedSamples - acceptedAtStart
        if meta == nil || replayFrom < scan.frames.count { drawing.changedSinceSnapshot = true }

        if snapshotAhead {
            let aside = try keepAside(snapshotPath, store: store)
            notes.append("the newer snapshot is kept as \(aside)")
        }
        if let damage {
            let kept = formatSeconds(drawing.live.duration)
            // A crash tears at most the one append being written (normally a kilobyte or two):
            // a short tail that is cut short, or zeros where the filesystem had not yet written
            // data. Anything longer or different is damage, and the file is kept as it was.
            let tail = bytes[drawing.journalLength...]
            let cutShort = drawing.journalLength == scan.validEnd && tail.count <= 64 << 10
                && (scan.cutShort || tail.allSatisfy { $0 == 0 })
                && !Journal.hasRecord(in: bytes, after: drawing.journalLength)
            if cutShort {
                // A record torn by a crash: it was never durable, so nothing good is lost.
                try truncate(journalPath, to: drawing.journalLength)
                notes.append("the last save was cut short (a crash?); kept the drawing up to \(kept)")
            } else {
                let kept2 = try keepDamaged(journalPath, bytes: bytes, goodLength: drawing.journalLength, store: store)
                notes.append("journal: \(damage); kept the drawing up to \(kept) (\(drawing.live.segmentCount) segments); the damaged file is kept as \(kept2)")
            }
        }

        // Undo's pictures are painted in the background: the first undo must not repaint it all.
        drawing.live.seedUndoBases()
        drawing.lockFD = lockFD
        locked = false
        let fd = POSIX.open(journalPath, .writeOnly, .noFollow)
        guard fd >= 0 else {
            if POSIX.Errno.current == .symbolicLink { throw Files.linkRefused(journalPath) }
            throw .io(path: journalPath, reason: AtomicFile.errnoText())
        }
        drawing.journalFD = fd
        drawing.lastSavedDuration = drawing.live.duration
        drawing.recoveryNotes = notes
        if !notes.isEmpty || drawing.samplesSinceSnapshot >= drawing.snapshotEvery {
            // Make the repaired state the new starting point.
            try? drawing.checkpoint()
        }
        return drawing
    }

    /// Puts what was wrong with the file the drawing came from before the notes of opening it.
    func noteDamagedSource(_ note: String) {
        recoveryNotes.insert(note, at: 0)
    }

    /// Applies one journal record to the drawing: the session through `Journal.Record.apply(to:)`,
    /// then what belongs to the drawing itself (its title, its modified time).
    func replay(_ record: Journal.Record) throws(DecodeError) {
        try record.apply(to: live)
        if case .title(let t, _) = record { title = t }
        if let s = record.summary { modified = s.wall }
    }

    /// Cuts a torn tail off the journal, durably.
    static func truncate(_ path: String, to length: Int) throws(StoreError) {
        let fd = POSIX.open(path, .writeOnly, .noFollow)
        guard fd >= 0 else {
            if POSIX.Errno.current == .symbolicLink { throw Files.linkRefused(path) }
            throw .io(path: path, reason: AtomicFile.errnoText())
        }
        defer { POSIX.close(fd) }
        guard POSIX.truncate(fd, to: length) == 0, POSIX.sync(fd) == 0 else {
            throw .io(path: path, reason: AtomicFile.errnoText())
        }
    }

    /// Links `path` to a new name that nothing else has: a copy that nothing will overwrite.
    static func keepAside(_ path: String, store: DrawingStateStore) throws(StoreError) -> String {
        for n in 0..<1000 {
            let aside = path + ".damaged-\(Int(store.clock()))" + (n == 0 ? "" : "-\(n)")
            if POSIX.link(path, aside) == 0 { return aside }
            if POSIX.Errno.current != .exists { throw .io(path: aside, reason: AtomicFile.errnoText()) }
        }
        throw .io(path: path, reason: "too many damaged copies kept beside it")
    }

    /// Keeps the damaged journal under a new name, then writes its good part in its place.
    static func keepDamaged(_ path: String, bytes: [UInt8], goodLength: Int, store: DrawingStateStore) throws(StoreError) -> String {
        // A hard link keeps the damaged bytes untouched; the good part goes to a new file.
        let aside = try keepAside(path, store: store)
        do {
            try AtomicFile.write(Array(bytes[0..<goodLength]), to: path, mode: 0o600, io: store.io)
        } catch {
            throw .io(path: path, reason: "\(error.reason); the damaged journal is left as it was")
        }
        return aside
    }
}
