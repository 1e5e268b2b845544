/// The gallery: a list of drawings from a small index file, checked against the drawings.
///
/// The index is only a cache. An entry is trusted while its drawing's journal has the length
/// it records; otherwise the entry is read afresh from the journal's last record. A missing or
/// damaged index is rebuilt from the drawings.
///
/// Layout: `MRBLINDX`, u32 version, u32 flags (0), u32 entry count, the entries, u32 CRC-32 of
/// all before it. An entry is the id, title, created, modified, duration, segments and journal
/// length; version 4 (written now): then the traced shape's name, and each marble's movement,
/// u8 count and three f64 each, for any count. Read forever: version 1 (no more), version 2
/// (then marble 1's movement, a flag and three f64, and the shape's name) and version 3 (version
/// 2's, then each child's movement in a drawing of several). An entry of version 1 or 2 is read
/// again from its journal; the index is rewritten in version 4 with the next change.
extension DrawingStateStore {
    /// The drawings, most recently modified first, and notes on anything found damaged.
    public func list() -> (drawings: [DrawingSummary], notes: [String]) {
        var notes: [String] = []
        var cached: [String: DrawingSummary] = [:]
        var dirty = false
        var readOnly = false
        switch readIndex() {
        case .success(let entries): for e in entries { cached[e.id] = e }
        case .failure(let problem) where problem.isNewer:
            // Written by a newer marble: list from the journals, leave the file alone.
            notes.append(problem.text ?? "the index is from a newer marble")
            readOnly = true
        case .failure(let problem):
            if let text = problem.text { notes.append("\(text); rebuilt it from the drawings") }
            dirty = true
        }
        var out: [DrawingSummary] = []
        for id in ids() {
            let journal = folder(of: id) + "/journal"
            if let e = cached[id], e.journalLength == Files.size(journal) {
                out.append(e)
                continue
            }
            dirty = true
            do {
                out.append(try summarize(id))
            } catch {
                notes.append("drawing \(id): \(error)")
            }
        }
        if !readOnly && (dirty || cached.count != out.count) { writeIndex(out) }
        out.sort { ($0.modified, $0.created, $0.id) > ($1.modified, $1.created, $1.id) }
        return (out, notes)
    }

    /// Reads a drawing's gallery entry from its journal alone (no replay).
    func summarize(_ id: String) throws(StoreError) -> DrawingSummary {
        let path = folder(of: id) + "/journal"
        guard let bytes = try Files.read(path, io: environment.io) else { throw .notFound(id: id) }
        let scan = try Journal.scan(bytes, path: path)
        guard let first = scan.frames.first else {
            throw .damaged(path: path, detail: scan.damage ?? "no setup record")
        }
        let begin: Journal.Begin
        do {
            guard case .begin(let b) = try Journal.decode(bytes, first) else { throw DecodeError("no setup record") }
            begin = b
        } catch {
            throw .damaged(path: path, detail: "\(error)")
        }
        var s = DrawingSummary(id: id, title: begin.title, created: begin.created, modified: begin.created,
                               duration: 0, segments: 0, journalLength: bytes.count,
                               thumbnailPath: folder(of: id) + "/thumbnail.png", trace: begin.trace)
        for f in scan.frames.dropFirst() where f.kind.isTitle {
            if case .title(let t, _)? = try? Journal.decode(bytes, f) { s.title = t }
        }
        var recorded: [Journal.Movement] = []
        if let last = scan.frames.last, !last.kind.isBegin, let summary = (try? Journal.decode(bytes, last))?.summary {
            s.modified = summary.wall
            s.duration = summary.duration
            s.segments = summary.segments
            recorded = summary.marbles
        }
        // Each marble's figures: version 6 records hold every marble's, older ones marble 1's
        // (all of a drawing of one; none in version 1 records). Otherwise the samples give
        // every marble's, read only when needed.
        let n = begin.configuration.marbles
        s.marbles = recorded.count == n ? recorded : Self.movement(bytes, scan.frames, marbles: n)
        return s
    }

    /// Each marble's movement: the journal's samples (one a marble a row) fed to a meter each,
    /// as the session fed them.
    static func movement(_ bytes: [UInt8], _ frames: [Journal.Frame], marbles n: Int) -> [MovementMeter.Figures] {
        var meters = [MovementMeter](repeating: MovementMeter(), count: n)
        for f in frames where f.kind.isSamples {
            guard case .samples(let samples, _)? = try? Journal.decode(bytes, f), samples.count % n == 0 else { break }
            for k in 0..<samples.count {
                // A row's samples take the row's time, as the session takes them.
                var x = samples[k]
                x.t = samples[k - k % n].t
                // A row with a value that is not finite is dropped whole, as the session drops it.
                if samples[(k - k % n)..<(k - k % n + n)].contains(where: { if case .failure = $0.sanitized() { true } else { false } }) { continue }
                if case .success(let s) = x.sanitized() { meters[k % n].add(s) }
            }
        }
        return meters.map(\.figures)
    }

    /// Replaces a drawing's entry (after a save).
    func updateIndex(with entry: DrawingSummary) {
        let read = readIndex()
        if case .failure(let p) = read, p.isNewer { return }
        var entries = (try? read.get()) ?? []
        entries.removeAll { $0.id == entry.id }
        entries.append(entry)
        writeIndex(entries)
    }

    func removeFromIndex(_ id: String) {
        guard var entries = try? readIndex().get() else { return }
        entries.removeAll { $0.id == id }
        writeIndex(entries)
    }

    /// The index's entries; a failure with nil when there is none, with the problem when damaged.
    func readIndex() -> Result<[DrawingSummary], IndexProblem> {
        guard let bytes = try? Files.read(indexPath, io: environment.io) else { return .failure(IndexProblem(nil)) }
        if let problem = StoreFormat.checkHeader(bytes, magic: StoreFormat.indexMagic, supported: StoreFormat.indexVersion,
                                                 path: indexPath, what: "index") {
            var p = IndexProblem("\(problem)")
            if case .newerVersion = problem { p.isNewer = true }
            return .failure(p)
        }
        guard bytes.count >= 20 else { return .failure(IndexProblem("\(indexPath): the index is cut short")) }
        let stored = ByteReader(bytes, from: bytes.count - 4)
        var s = stored
        let crc = (try? s.u32()) ?? 0
        guard crc == CRC32.checksum(Array(bytes[0..<(bytes.count - 4)])) else {
            return .failure(IndexProblem("\(indexPath): the index fails its checksum"))
        }
        var r = ByteReader(bytes, from: 16, to: bytes.count - 4)
        let version = StoreFormat.version(of: bytes)
        do {
            let n = try r.count(minItemSize: 44)
            var out: [DrawingSummary] = []
            for _ in 0..<n {
                let id = try r.string(maxLength: 64)
                let title = try r.string()
                var e = DrawingSummary(id: id, title: title, created: try r.f64(), modified: try r.f64(),
                                       duration: try r.f64(), segments: Int(clamping: try r.u64()),
                                       journalLength: Int(clamping: try r.u64()),
                                       thumbnailPath: folder(of: id) + "/thumbnail.png")
                switch version {
                case 1:
                    // A version 1 entry knows no movement or shape: it is read again from the journal.
                    e.journalLength = -1
                case 2, 3:
                    // Marble 1's figures (if known) and the shape; in version 3, then every
                    // child's figures in a drawing of several (none with one).
                    let has = try r.bool()
                    let first = try Self.readMovement(&r)
                    e.trace = TraceShape(rawValue: try r.string(maxLength: 64))
                    let players = version == 3 ? try Self.readMovements(&r) : []
                    e.marbles = players.isEmpty ? [first] : players
                    // Written before each child's figures were kept, or without marble 1's.
                    if version == 2 || !has { e.journalLength = -1 }
                default:
                    e.trace = TraceShape(rawValue: try r.string(maxLength: 64))
                    e.marbles = try Self.readMovements(&r)
                }
                if Self.isValidID(id) { out.append(e) }
            }
            return .success(out)
        } catch {
            return .failure(IndexProblem("\(indexPath): the index is damaged (\(error))"))
        }
    }

    func writeIndex(_ entries: [DrawingSummary]) {
        var w = ByteWriter()
        w.raw(StoreFormat.indexMagic)
        w.u32(StoreFormat.indexVersion)
        w.u32(0)
        w.u32(UInt32(entries.count))
        for e in entries {
            w.string(e.id)
            w.string(e.title)
            w.f64(e.created)
            w.f64(e.modified)
            w.f64(e.duration)
            w.u64(UInt64(clamping: e.segments))
            w.u64(UInt64(clamping: e.journalLength))
            w.string(e.trace?.rawValue ?? "")
            w.u8(UInt8(clamping: e.marbles.count))
            for m in e.marbles.prefix(255) {
                w.f64(m.tiltDegrees)
                w.f64(m.turnDegrees)
                w.f64(m.activeSeconds)
            }
        }
        w.u32(CRC32.checksum(w.bytes))
        // The index is a cache: failing to write it loses nothing.
        try? AtomicFile.write(w.bytes, to: indexPath, mode: 0o600, io: environment.io)
    }

    /// One movement record: three f64.
    private static func readMovement(_ r: inout ByteReader) throws(DecodeError) -> Journal.Movement {
        Journal.Movement(tiltDegrees: try r.f64(), turnDegrees: try r.f64(), activeSeconds: try r.f64())
    }

    /// A u8 count of movement records, then each.
    private static func readMovements(_ r: inout ByteReader) throws(DecodeError) -> [Journal.Movement] {
        var out: [Journal.Movement] = []
        for _ in 0..<Int(try r.u8()) { out.append(try readMovement(&r)) }
        return out
    }

    /// Why the index could not be used; nil text when it simply is not there.
    struct IndexProblem: Error {
        var text: String?
        var isNewer = false
        init(_ t: String?) { text = t }
    }
}
