/// A drawing's journal: its setup and every input and edit, appended as checksummed records.
///
/// Why a journal: an autosave appends only what happened since the last one (a few hundred
/// bytes and one fdatasync), so it costs the same at a million segments as at ten, and a
/// crash can only tear the record being written, which the checksum then rejects. The journal
/// is the truth: replaying it from a blank canvas gives the drawing bit for bit. The snapshot
/// (Snapshot.swift) is only a cache that makes reopening fast.
///
/// Layout: `MRBLJRNL`, u32 version, u32 flags (0), then records. A record is u32 payload
/// length, u8 kind, the payload, and u32 CRC-32 of all that comes before it in the record.
///
/// Version 2 adds kinds 7–13: the same records with the movement in their summary, samples
/// that carry the pen's width and the eraser, the traced shape in the setup, and a checkpoint
/// (a whole state) from which a repaired journal replays. A kind has one layout whatever the
/// header says, so a version 1 journal continued by this build holds both (see `upgrade`).
enum Journal {
    static let headerSize = 16
    /// Larger records are refused as damage (a flipped length bit must not ask for gigabytes).
    static let maxPayload = 1 << 24

    /// A record's kind byte.
    enum Kind: UInt8 {
        case begin = 1, samples = 2, undo = 3, redo = 4, clear = 5, title = 6
        case begin2 = 7, samples2 = 8, undo2 = 9, redo2 = 10, clear2 = 11, title2 = 12, checkpoint = 13
        /// The setup of a drawing of two to four marbles (versions 3, 4): `begin2`'s, then the count.
        case begin3 = 14
        /// Whether this is the setup record that opens every journal.
        var isBegin: Bool { self == .begin || self == .begin2 || self == .begin3 }
        /// Whether its summary holds the movement (the version 2 kinds).
        var hasMovement: Bool { rawValue >= 7 }
    }

    /// The movement meter's figures, as the gallery shows them without replaying.
    typealias Movement = MovementMeter.Figures

    /// What the drawing looked like after a record: for the gallery, without replaying.
    struct Summary: Equatable {
        /// Wall-clock time of the record, seconds since 1970.
        var wall: Double
        var duration: Double
        var segments: Int
        /// The session's physics step count: a live front end may run the physics on between
        /// samples, and an edit made then must replay at the same step.
        var step: Int64
        /// The movement so far (nil in version 1 records, which do not hold it).
        var movement: Movement? = nil

        /// Writes the version 2 layout: version 1's, then the three movement figures.
        func encode(into w: inout ByteWriter) {
            w.f64(wall)
            w.f64(duration)
            w.u64(UInt64(clamping: segments))
            w.i64(step)
            let m = movement ?? Movement(tiltDegrees: 0, turnDegrees: 0, activeSeconds: 0)
            w.f64(m.tiltDegrees)
            w.f64(m.turnDegrees)
            w.f64(m.activeSeconds)
        }

        static func decode(from r: inout ByteReader, movement: Bool) throws(DecodeError) -> Summary {
            var s = Summary(wall: try r.f64(), duration: try r.f64(), segments: Int(clamping: try r.u64()), step: try r.i64())
            guard s.step >= 0, s.step <= Int64(SessionConfiguration.maxDuration) * Int64(SessionConfiguration.stepsPerSecond) + 1000 else {
                throw DecodeError("impossible step count \(s.step)")
            }
            if movement {
                s.movement = Movement(tiltDegrees: try r.f64(), turnDegrees: try r.f64(), activeSeconds: try r.f64())
            }
            return s
        }
    }

    /// The first record: how the drawing is set up.
    struct Begin: Equatable {
        var created: Double
        var title: String
        var configuration: SessionConfiguration
        /// The shape the drawing traces, if any.
        var trace: TraceShape? = nil
    }

    enum Record {
        case begin(Begin)
        case samples([Sample], Summary)
        case undo(Summary)
        case redo(Summary)
        case clear(Summary)
        case title(String, Summary)
        /// The whole state to go on from: what a repaired journal starts with after its setup.
        case checkpoint(DrawingSession.State, Summary)

        var summary: Summary? {
            switch self {
            case .begin: return nil
            case .samples(_, let s), .undo(let s), .redo(let s), .clear(let s), .title(_, let s), .checkpoint(_, let s): return s
            }
        }
    }

    /// A new journal's header (version 4 for a drawing of several marbles).
    static func header(marbles: Int = 1) -> [UInt8] {
        var w = ByteWriter(capacity: headerSize)
        w.raw(StoreFormat.journalMagic)
        w.u32(marbles == 1 ? StoreFormat.journalVersion : StoreFormat.marblesVersion)
        w.u32(0)
        return w.bytes
    }

    /// One framed record, ready to append (always a version 2 kind).
    static func frame(_ record: Record) -> [UInt8] {
        var w = ByteWriter()
        w.u32(0)
        switch record {
        case .begin(let b):
            w.u8(b.configuration.marbles > 1 ? Kind.begin3.rawValue : Kind.begin2.rawValue)
            w.f64(b.created)
            w.string(b.title)
            b.configuration.encode(into: &w)
            w.string(b.trace?.rawValue ?? "")
            if b.configuration.marbles > 1 { w.u8(UInt8(b.configuration.marbles)) }
        case .samples(let samples, let s):
            w.u8(Kind.samples2.rawValue)
            s.encode(into: &w)
            // Samples with the default tool keep version 1's 33 bytes.
            let tools = samples.contains { !$0.hasDefaultTool }
            w.u8(tools ? 1 : 0)
            w.u32(UInt32(samples.count))
            for x in samples {
                x.encode(into: &w)
                if tools { x.encodeTool(into: &w) }
            }
        case .undo(let s):
            w.u8(Kind.undo2.rawValue)
            s.encode(into: &w)
        case .redo(let s):
            w.u8(Kind.redo2.rawValue)
            s.encode(into: &w)
        case .clear(let s):
            w.u8(Kind.clear2.rawValue)
            s.encode(into: &w)
        case .title(let t, let s):
            w.u8(Kind.title2.rawValue)
            s.encode(into: &w)
            w.string(t)
        case .checkpoint(let state, let s):
            w.u8(Kind.checkpoint.rawValue)
            s.encode(into: &w)
            Snapshot.encodeState(state, into: &w)
        }
        w.patchU32(UInt32(w.bytes.count - 5), at: 0)
        w.u32(CRC32.checksum(w.bytes))
        return w.bytes
    }

    /// Where a record sits in the file.
    struct Frame {
        var offset: Int
        var end: Int
        var kind: Kind
        /// The record's CRC: names the journal's state at `end` (a snapshot checks it).
        var crc: UInt32
    }

    /// The records whose checksums hold, up to the first that does not.
    struct Scan {
        var frames: [Frame]
        /// The end of the last good record: the longest good prefix.
        var validEnd: Int
        /// Why the scan stopped before the end of the file, if it did.
        var damage: String?
        /// Whether it stopped at a record that runs past the end of the file.
        var cutShort = false
    }

    /// Checks the header and every record's frame and checksum.
    ///
    /// From `start` (a record's offset past damage) the records need not begin with the setup.
    static func scan(_ bytes: [UInt8], path: String, from start: Int = headerSize) throws(StoreError) -> Scan {
        if let problem = StoreFormat.checkHeader(bytes, magic: StoreFormat.journalMagic,
                                                 supported: StoreFormat.readableVersion, path: path, what: "journal") {
            throw problem
        }
        guard bytes.count >= headerSize else { throw .damaged(path: path, detail: "journal header is cut short") }
        var frames: [Frame] = []
        var at = max(start, headerSize)
        let needsBegin = at == headerSize
        var damage: String?
        var cutShort = false
        bytes.withUnsafeBytes { raw in
            while at < bytes.count {
                let n = bytes.count - at
                guard n >= 9 else { damage = "the last record is cut short at byte \(at)"; cutShort = true; return }
                let length = Int(raw.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)
                // A checkpoint holds a whole drawing; any other record is small.
                let limit = raw[at + 4] == Kind.checkpoint.rawValue ? 1 << 30 : maxPayload
                guard length <= limit else { damage = "a record at byte \(at) has an impossible length"; return }
                guard n >= 9 + length else { damage = "the last record is cut short at byte \(at)"; cutShort = true; return }
                let crcAt = at + 5 + length
                let stored = raw.loadUnaligned(fromByteOffset: crcAt, as: UInt32.self).littleEndian
                let actual = CRC32.checksum(UnsafeRawBufferPointer(rebasing: raw[at..<crcAt]))
                guard stored == actual else { damage = "the record at byte \(at) fails its checksum"; return }
                guard let kind = Kind(rawValue: raw[at + 4]) else { damage = "the record at byte \(at) is of an unknown kind"; return }
                if needsBegin && frames.isEmpty != kind.isBegin || !needsBegin && kind.isBegin {
                    damage = kind.isBegin ? "a second setup record at byte \(at)" : "the journal does not start with the drawing's setup"
                    return
                }
                frames.append(Frame(offset: at, end: crcAt + 4, kind: kind, crc: stored))
                at = crcAt + 4
            }
        }
        return Scan(frames: frames, validEnd: frames.last?.end ?? max(start, headerSize), damage: damage, cutShort: cutShort)
    }

    /// Whether a whole record with a good checksum starts anywhere after `start`: then the bytes
    /// after a bad record are data, not the torn end of a crashed append.
    static func hasRecord(in bytes: [UInt8], after start: Int) -> Bool {
        bytes.withUnsafeBytes { raw in
            var at = start + 1
            while at + 9 <= raw.count {
                defer { at += 1 }
                let length = Int(raw.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)
                guard length <= raw.count - at - 9, let kind = Kind(rawValue: raw[at + 4]), !kind.isBegin else { continue }
                let crcAt = at + 5 + length
                if raw.loadUnaligned(fromByteOffset: crcAt, as: UInt32.self).littleEndian
                    == CRC32.checksum(UnsafeRawBufferPointer(rebasing: raw[at..<crcAt])) { return true }
            }
            return false
        }
    }

    /// Decodes one record whose frame checked out.
    static func decode(_ bytes: [UInt8], _ f: Frame) throws(DecodeError) -> Record {
        var r = ByteReader(bytes, from: f.offset + 5, to: f.end - 4)
        let m = f.kind.hasMovement
        let record: Record
        switch f.kind {
        case .begin, .begin2, .begin3:
            let created = try r.f64()
            let title = try r.string()
            var b = Begin(created: created, title: title, configuration: try SessionConfiguration.decode(from: &r))
            if f.kind != .begin {
                let name = try r.string()
                guard name.isEmpty || TraceShape(rawValue: name) != nil else { throw DecodeError("unknown trace shape '\(name.prefix(40))'") }
                b.trace = TraceShape(rawValue: name)
            }
            if f.kind == .begin3 {
                // Version 3 journals are of two marbles; version 4's of two to four.
                let count = Int(try r.u8()), v4 = StoreFormat.version(of: bytes) >= StoreFormat.marblesVersion
                guard (2...(v4 ? SessionConfiguration.maxMarbles : 2)).contains(count) else { throw DecodeError("a drawing of \(count) marbles") }
                b.configuration.marbles = count
            }
            record = .begin(b)
        case .samples, .samples2:
            let s = try Summary.decode(from: &r, movement: m)
            let tools = f.kind == .samples2 ? try r.u8() : 0
            guard tools <= 1 else { throw DecodeError("unknown sample layout \(tools)") }
            let n = try r.count(minItemSize: Sample.encodedSize + (tools == 1 ? Sample.toolSize : 0))
            var samples: [Sample] = []
            samples.reserveCapacity(n)
            for _ in 0..<n {
                var x = try Sample.decode(from: &r)
                if tools == 1 { try x.decodeTool(from: &r) }
                samples.append(x)
            }
            record = .samples(samples, s)
        case .undo, .undo2: record = .undo(try Summary.decode(from: &r, movement: m))
        case .redo, .redo2: record = .redo(try Summary.decode(from: &r, movement: m))
        case .clear, .clear2: record = .clear(try Summary.decode(from: &r, movement: m))
        case .title, .title2:
            let s = try Summary.decode(from: &r, movement: m)
            record = .title(try r.string(), s)
        case .checkpoint:
            let s = try Summary.decode(from: &r, movement: m)
            // A checkpoint is in the layout of the journal's version (several marbles' in 3 and 4).
            record = .checkpoint(try Snapshot.decodeState(from: &r, version: max(2, min(StoreFormat.version(of: bytes), StoreFormat.readableVersion))), s)
        }
        guard r.isAtEnd else { throw DecodeError("the record at byte \(f.offset) has \(r.remaining) bytes too many") }
        return record
    }

    /// Where the last of the framed records in `bytes` starts.
    static func lastRecordStart(in bytes: [UInt8]) -> Int {
        var at = 0
        while at + 9 <= bytes.count {
            let length = Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
            if at + 9 + length >= bytes.count { return at }
            at += 9 + length
        }
        return at
    }

    /// Makes a version 1 journal's header say version 2 before its first version 2 record:
    /// an older build then refuses the file instead of cutting it at a kind it does not know.
    static func upgradeHeader(_ fd: Int32, io: FileIO) -> IOFailure? {
        var w = ByteWriter(capacity: 4)
        w.u32(StoreFormat.journalVersion)
        if POSIX.seek(fd, to: 8) < 0 { return .current }
        return io.writeAll(fd, w.bytes)
    }
}
