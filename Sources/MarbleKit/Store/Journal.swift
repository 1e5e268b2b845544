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
enum Journal {
    static let headerSize = 16
    /// Larger records are refused as damage (a flipped length bit must not ask for gigabytes).
    static let maxPayload = 1 << 24

    /// A record's kind byte.
    enum Kind: UInt8 {
        case begin = 1, samples = 2, undo = 3, redo = 4, clear = 5, title = 6
    }

    /// What the drawing looked like after a record: for the gallery, without replaying.
    struct Summary: Equatable {
        /// Wall-clock time of the record, seconds since 1970.
        var wall: Double
        var duration: Double
        var segments: Int
        /// The session's physics step count: a live front end may run the physics on between
        /// samples, and an edit made then must replay at the same step.
        var step: Int64

        func encode(into w: inout ByteWriter) {
            w.f64(wall)
            w.f64(duration)
            w.u64(UInt64(clamping: segments))
            w.i64(step)
        }

        static func decode(from r: inout ByteReader) throws(DecodeError) -> Summary {
            let s = Summary(wall: try r.f64(), duration: try r.f64(), segments: Int(clamping: try r.u64()), step: try r.i64())
            guard s.step >= 0, s.step <= Int64(SessionConfiguration.maxDuration) * Int64(SessionConfiguration.stepsPerSecond) + 1000 else {
                throw DecodeError("impossible step count \(s.step)")
            }
            return s
        }
    }

    /// The first record: how the drawing is set up.
    struct Begin: Equatable {
        var created: Double
        var title: String
        var configuration: SessionConfiguration
    }

    enum Record {
        case begin(Begin)
        case samples([Sample], Summary)
        case undo(Summary)
        case redo(Summary)
        case clear(Summary)
        case title(String, Summary)

        var summary: Summary? {
            switch self {
            case .begin: return nil
            case .samples(_, let s), .undo(let s), .redo(let s), .clear(let s), .title(_, let s): return s
            }
        }
    }

    /// A new journal's header.
    static func header() -> [UInt8] {
        var w = ByteWriter(capacity: headerSize)
        w.raw(StoreFormat.journalMagic)
        w.u32(StoreFormat.journalVersion)
        w.u32(0)
        return w.bytes
    }

    /// One framed record, ready to append.
    static func frame(_ record: Record) -> [UInt8] {
        var w = ByteWriter()
        w.u32(0)
        switch record {
        case .begin(let b):
            w.u8(Kind.begin.rawValue)
            w.f64(b.created)
            w.string(b.title)
            b.configuration.encode(into: &w)
        case .samples(let samples, let s):
            w.u8(Kind.samples.rawValue)
            s.encode(into: &w)
            w.u32(UInt32(samples.count))
            for x in samples { x.encode(into: &w) }
        case .undo(let s):
            w.u8(Kind.undo.rawValue)
            s.encode(into: &w)
        case .redo(let s):
            w.u8(Kind.redo.rawValue)
            s.encode(into: &w)
        case .clear(let s):
            w.u8(Kind.clear.rawValue)
            s.encode(into: &w)
        case .title(let t, let s):
            w.u8(Kind.title.rawValue)
            s.encode(into: &w)
            w.string(t)
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
    static func scan(_ bytes: [UInt8], path: String) throws(StoreError) -> Scan {
        if let problem = StoreFormat.checkHeader(bytes, magic: StoreFormat.journalMagic,
                                                 supported: StoreFormat.journalVersion, path: path, what: "journal") {
            throw problem
        }
        guard bytes.count >= headerSize else { throw .damaged(path: path, detail: "journal header is cut short") }
        var frames: [Frame] = []
        var at = headerSize
        var damage: String?
        var cutShort = false
        bytes.withUnsafeBytes { raw in
            while at < bytes.count {
                let n = bytes.count - at
                guard n >= 9 else { damage = "the last record is cut short at byte \(at)"; cutShort = true; return }
                let length = Int(raw.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)
                guard length <= maxPayload else { damage = "a record at byte \(at) has an impossible length"; return }
                guard n >= 9 + length else { damage = "the last record is cut short at byte \(at)"; cutShort = true; return }
                let crcAt = at + 5 + length
                let stored = raw.loadUnaligned(fromByteOffset: crcAt, as: UInt32.self).littleEndian
                let actual = CRC32.checksum(UnsafeRawBufferPointer(rebasing: raw[at..<crcAt]))
                guard stored == actual else { damage = "the record at byte \(at) fails its checksum"; return }
                guard let kind = Kind(rawValue: raw[at + 4]) else { damage = "the record at byte \(at) is of an unknown kind"; return }
                if frames.isEmpty != (kind == .begin) {
                    damage = kind == .begin ? "a second setup record at byte \(at)" : "the journal does not start with the drawing's setup"
                    return
                }
                frames.append(Frame(offset: at, end: crcAt + 4, kind: kind, crc: stored))
                at = crcAt + 4
            }
        }
        return Scan(frames: frames, validEnd: frames.last?.end ?? headerSize, damage: damage, cutShort: cutShort)
    }

    /// Whether a whole record with a good checksum starts anywhere after `start`: then the bytes
    /// after a bad record are data, not the torn end of a crashed append.
    static func hasRecord(in bytes: [UInt8], after start: Int) -> Bool {
        bytes.withUnsafeBytes { raw in
            var at = start + 1
            while at + 9 <= raw.count {
                defer { at += 1 }
                let length = Int(raw.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)
                guard length <= raw.count - at - 9, let kind = Kind(rawValue: raw[at + 4]), kind != .begin else { continue }
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
        let record: Record
        switch f.kind {
        case .begin:
            let created = try r.f64()
            let title = try r.string()
            record = .begin(Begin(created: created, title: title, configuration: try SessionConfiguration.decode(from: &r)))
        case .samples:
            let s = try Summary.decode(from: &r)
            let n = try r.count(minItemSize: Sample.encodedSize)
            var samples: [Sample] = []
            samples.reserveCapacity(n)
            for _ in 0..<n { samples.append(try Sample.decode(from: &r)) }
            record = .samples(samples, s)
        case .undo: record = .undo(try Summary.decode(from: &r))
        case .redo: record = .redo(try Summary.decode(from: &r))
        case .clear: record = .clear(try Summary.decode(from: &r))
        case .title:
            let s = try Summary.decode(from: &r)
            record = .title(try r.string(), s)
        }
        guard r.isAtEnd else { throw DecodeError("the record at byte \(f.offset) has \(r.remaining) bytes too many") }
        return record
    }
}
