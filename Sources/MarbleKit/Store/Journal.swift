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
///
/// Version 5 ("pictures") adds kinds 15–17 (the setup of a drawing over a picture, the picture,
/// a checkpoint in version 5's state layout) and the samples layout 2 (with each sample's
/// opacity): a drawing over a picture is version 5 from its start, and one without a picture
/// becomes version 5 before its first see-through sample is appended (`JournalWriter`).
///
/// Version 6 ("one record a marble") adds kinds 18–23: the same records as 8–13, their summary
/// holding every marble's movement (a count, then one movement a marble, for any count) instead
/// of marble 1's; its checkpoint names its state's layout. Every new journal is version 6, and a
/// journal of version 1, 2, 4 or 5 becomes 6 before its first new record (`JournalWriter`); a
/// version 3 journal (two marbles, an earlier build's) keeps writing kinds 8–13.
/// Decoding and framing are in Journal+Records.swift.
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
        /// The setup of a drawing over a picture (version 5): `begin2`'s, then the marble count
        /// (1–4); its `board` record follows it.
        case begin5 = 15
        /// The picture under the paint (version 5): only second, right after `begin5`.
        case board = 16
        /// A checkpoint in version 5's state layout (pictures, inks, opacities).
        case checkpoint5 = 17
        /// Version 6's records: 8–12's with every marble's movement in their summary.
        case samples6 = 18, undo6 = 19, redo6 = 20, clear6 = 21, title6 = 22
        /// Version 6's checkpoint: its summary, u8 the state's layout (2, 4 or 5), the state.
        case checkpoint6 = 23
        /// Whether this is the setup record that opens every journal.
        var isBegin: Bool { self == .begin || self == .begin2 || self == .begin3 || self == .begin5 }
        /// Whether it holds a whole state to go on from.
        var isCheckpoint: Bool { self == .checkpoint || self == .checkpoint5 || self == .checkpoint6 }
        /// Whether it holds samples.
        var isSamples: Bool { self == .samples || self == .samples2 || self == .samples6 }
        /// Whether it sets the title.
        var isTitle: Bool { self == .title || self == .title2 || self == .title6 }
        /// Whether it may be large: a whole state, or a picture (up to 8192² raw pixels).
        var isLarge: Bool { isCheckpoint || self == .board }
        /// How its summary holds the movement: none (version 1 kinds), marble 1's (2–5), every
        /// marble's (6).
        var summaryLayout: Summary.Layout {
            rawValue >= Kind.samples6.rawValue ? .marbles : rawValue >= 7 ? .first : .none
        }
    }

    /// The movement meter's figures, as the gallery shows them without replaying.
    typealias Movement = MovementMeter.Figures

    /// What the drawing looked like after a record: for the gallery, without replaying.
    ///
    /// The drawing-wide values first, then each marble's movement.
    struct Summary: Equatable {
        /// How a record's summary holds the movement.
        enum Layout: Equatable {
            /// Version 1's: none.
            case none
            /// Versions 2–5's: marble 1's three figures (zeros when there were none).
            case first
            /// Version 6's: u8 count, then three figures a marble.
            case marbles
        }

        /// Wall-clock time of the record, seconds since 1970.
        var wall: Double
        var duration: Double
        var segments: Int
        /// The session's physics step count: a live front end may run the physics on between
        /// samples, and an edit made then must replay at the same step.
        var step: Int64
        /// Each marble's movement so far, marble 1's first: all of them in a version 6 record,
        /// marble 1's alone in a version 2–5 one, none in a version 1 one.
        var marbles: [Movement] = []
        /// The layout it is written in (read in): every marble's unless read from an older record.
        var layout: Layout = .marbles

        /// Writes the drawing-wide values, then the movement in `layout` (`.none` writes `.first`'s).
        func encode(into w: inout ByteWriter) {
            w.f64(wall)
            w.f64(duration)
            w.u64(UInt64(clamping: segments))
            w.i64(step)
            switch layout {
            case .marbles:
                let list = marbles.prefix(SessionConfiguration.maxMarbles)
                w.u8(UInt8(list.count))
                for m in list { Self.encode(m, into: &w) }
            case .first, .none:
                Self.encode(marbles.first ?? Movement(tiltDegrees: 0, turnDegrees: 0, activeSeconds: 0), into: &w)
            }
        }

        private static func encode(_ m: Movement, into w: inout ByteWriter) {
            w.f64(m.tiltDegrees)
            w.f64(m.turnDegrees)
            w.f64(m.activeSeconds)
        }

        static func decode(from r: inout ByteReader, layout: Layout) throws(DecodeError) -> Summary {
            var s = Summary(wall: try r.f64(), duration: try r.f64(), segments: Int(clamping: try r.u64()), step: try r.i64())
            guard s.step >= 0, s.step <= Int64(SessionConfiguration.maxDuration) * Int64(SessionConfiguration.stepsPerSecond) + 1000 else {
                throw DecodeError("impossible step count \(s.step)")
            }
            s.layout = layout
            switch layout {
            case .none: break
            case .first: s.marbles = [try decodeMovement(from: &r)]
            case .marbles:
                let n = Int(try r.u8())
                guard (1...SessionConfiguration.maxMarbles).contains(n) else { throw DecodeError("a summary of \(n) marbles") }
                for _ in 0..<n { s.marbles.append(try decodeMovement(from: &r)) }
            }
            return s
        }

        private static func decodeMovement(from r: inout ByteReader) throws(DecodeError) -> Movement {
            Movement(tiltDegrees: try r.f64(), turnDegrees: try r.f64(), activeSeconds: try r.f64())
        }
    }

    /// The first record: how the drawing is set up.
    struct Begin: Equatable {
        var created: Double
        var title: String
        var configuration: SessionConfiguration
        /// The shape the drawing traces, if any.
        var trace: TraceShape? = nil
        /// Whether the drawing is painted over a picture: its `board` record follows (kind 15).
        var board = false
    }

    enum Record {
        case begin(Begin)
        case samples([Sample], Summary)
        case undo(Summary)
        case redo(Summary)
        case clear(Summary)
        case title(String, Summary)
        /// The picture under the paint (a drawing over a picture's second record).
        case board(BoardRecord)
        /// The whole state to go on from: what a repaired journal starts with after its setup.
        case checkpoint(DrawingSession.State, Summary)

        var summary: Summary? {
            switch self {
            case .begin, .board: return nil
            case .samples(_, let s), .undo(let s), .redo(let s), .clear(let s), .title(_, let s), .checkpoint(_, let s): return s
            }
        }
    }

    /// A new journal's header (version 6, whatever the count of marbles or the picture).
    static func header() -> [UInt8] {
        header(version: StoreFormat.journalVersion)
    }

    /// A new journal's header of `version`.
    static func header(version: UInt32) -> [UInt8] {
        var w = ByteWriter(capacity: headerSize)
        w.raw(StoreFormat.journalMagic)
        w.u32(version)
        w.u32(0)
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
                                                 supported: StoreFormat.readableJournalVersion, path: path, what: "journal") {
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
                // A checkpoint holds a whole drawing, a board a whole picture; any other record is small.
                let limit = Kind(rawValue: raw[at + 4])?.isLarge == true ? 1 << 30 : maxPayload
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
                // A drawing over a picture has its picture second, and only there.
                let pictureDue = needsBegin && frames.count == 1 && frames[0].kind == .begin5
                if pictureDue != (kind == .board) {
                    damage = pictureDue ? "the picture under the paint is missing at byte \(at)" : "a picture record out of place at byte \(at)"
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

    /// Makes a journal's header say `version` before its first record of that version (an
    /// older journal's 6 before its first version 6 record): an older
    /// build then refuses the file instead of cutting it at a kind it does not know.
    static func upgradeHeader(_ fd: Int32, io: FileIO, to version: UInt32 = StoreFormat.journalVersion) -> IOFailure? {
        var w = ByteWriter(capacity: 4)
        w.u32(version)
        if POSIX.seek(fd, to: 8) < 0 { return .current }
        return io.writeAll(fd, w.bytes)
    }
}
