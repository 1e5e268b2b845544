/// Appends an open drawing's records to its journal: the descriptor, where the journal ends
/// and its last CRC, the records and samples not yet written, and the background syncer.
///
/// One append and one `fdatasync` a save. A failed append is cut back off the file, so the
/// next one follows a good record, and nothing pending is forgotten.
final class JournalWriter {
    let path: String
    private let io: FileIO
    private var fd: Int32
    /// Where the journal ends: its length, the CRC of its last record, where that record starts
    /// (a snapshot names all three, to be found past damage).
    private(set) var end: Journal.End
    /// The header's version: a journal of an older version is marked 6 before its first new
    /// record, except a version 3 one (two marbles, an earlier build's), which stays 3.
    private(set) var version: UInt32
    // The version the pending records need (6, or 3 in a version 3 journal).
    private var needed: UInt32
    /// Whether the drawing's snapshots are of version 5 whatever its state: its journal was of
    /// version 5 when opened, or see-through samples have been framed since.
    private(set) var holdsPictures: Bool
    // Framed records, and samples not yet framed.
    private var pending: [UInt8] = []
    private var pendingSamples: [Sample] = []
    /// The drawing time of the last save (nil before the first).
    private(set) var lastSaveTime: Double?
    // How much drawing the journal holds, for the message when a save fails.
    private var savedDuration: Double
    private let syncer = JournalSyncer()

    init(path: String, io: FileIO, fd: Int32, end: Journal.End, version: UInt32, savedDuration: Double) {
        self.path = path
        self.io = io
        self.fd = fd
        self.end = end
        self.version = version
        self.savedDuration = savedDuration
        needed = version == StoreFormat.twoMarbleVersion ? version : StoreFormat.journalVersion
        holdsPictures = version == StoreFormat.picturesVersion
    }

    /// Whether records keep version 2's kinds, marble 1's movement alone in their summary: in a
    /// version 3 journal, whose checkpoints are in a layout no later version names (see
    /// `StoredDrawing.checkKept`), so it never becomes version 6.
    private var keepsVersion2Kinds: Bool { version == StoreFormat.twoMarbleVersion }

    deinit { close() }

    /// Whether records or samples wait to be written.
    var hasPending: Bool { !pending.isEmpty || !pendingSamples.isEmpty }

    /// Takes a sample for the next record of samples.
    func add(_ sample: Sample) {
        pendingSamples.append(sample)
    }

    /// How many samples wait to be framed.
    var pendingSampleCount: Int { pendingSamples.count }

    /// Frames the samples taken (stamped with `summary`); returns how many there were.
    @discardableResult
    func frameSamples(_ summary: @autoclosure () -> Journal.Summary) -> Int {
        guard !pendingSamples.isEmpty else { return 0 }
        let n = pendingSamples.count
        // Their opacities go in the samples layout 2, which only a version 5 journal holds.
        if pendingSamples.contains(where: { $0.opacity != 1 }) {
            needed = max(needed, StoreFormat.picturesVersion)
            holdsPictures = true
        }
        var s = summary()
        if keepsVersion2Kinds { s.layout = .first }
        pending += Journal.frame(.samples(pendingSamples, s))
        pendingSamples.removeAll(keepingCapacity: true)
        return n
    }

    /// Frames a record for the next write (after any samples taken, which go first).
    func add(_ record: Journal.Record) {
        pending += Journal.frame(keepsVersion2Kinds ? record.inLayout(.first) : record)
    }

    /// Writes what is pending at drawing time `now`, when the drawing holds `duration`;
    /// waits for the disk unless `waitForDisk` is false (then a background thread flushes).
    /// Returns whether anything was written.
    @discardableResult
    func write(now: Double?, duration: Double, waitForDisk: Bool) throws(StoreError) -> Bool {
        lastSaveTime = now ?? lastSaveTime
        guard !pending.isEmpty else { return false }
        try append(pending, waitForDisk: waitForDisk)
        pending.removeAll(keepingCapacity: true)
        savedDuration = duration
        return true
    }

    /// Starts the autosave clock at `now` without writing (the first sample of a session).
    func startClock(at now: Double) {
        lastSaveTime = now
    }

    /// Waits for the background flushes, and says so if the disk refused one and still does.
    func confirm() throws(StoreError) {
        syncer.wait()
        if syncer.takeFailure() != nil, POSIX.syncData(fd) != 0 {
            throw .io(path: path, failure: .current, safe: .lastSaveUnconfirmed)
        }
    }

    /// Closes the descriptor after the background flushes.
    func close() {
        syncer.wait()
        if fd >= 0 { POSIX.close(fd) }
        fd = -1
    }

    private func append(_ bytes: [UInt8], waitForDisk: Bool) throws(StoreError) {
        guard fd >= 0 else { throw .io(path: path, failure: .closed) }
        if syncer.takeFailure() != nil, POSIX.syncData(fd) != 0 {
            // The disk refused an earlier background flush and still does: say so, keep what is fed.
            throw .io(path: path, failure: .current, safe: .lastSaveUnconfirmed)
        }
        var failure: IOFailure?
        let target = max(version, needed)
        if version < target {
            // Every record this build writes is a version 6 kind (see-through samples included).
            failure = Journal.upgradeHeader(fd, io: io, to: target)
            // Version 6 is made durable before the first record that needs it: a crash between
            // the two leaves a version 6 header over version 2, 4 or 5 records, which this build
            // reads as they are (a kind has one layout; a checkpoint keeps its marbles' layout)
            // and an older build refuses as newer. Never the other way round: an older build
            // cutting the journal at a kind it does not know, or reading see-through samples
            // as opaque ones.
            if failure == nil, target >= StoreFormat.picturesVersion, POSIX.syncData(fd) != 0 { failure = .current }
            if failure == nil { version = target }
        }
        if failure == nil {
            failure = POSIX.seek(fd, to: end.length) < 0 ? .current : io.writeAll(fd, bytes)
        }
        if failure == nil {
            if waitForDisk {
                if POSIX.syncData(fd) != 0 { failure = .current }
            } else {
                syncer.request(fd)
            }
        }
        if let failure {
            // Cut off the part that was written: the next append must follow a good record.
            POSIX.truncate(fd, to: end.length)
            POSIX.syncData(fd)
            throw .io(path: path, failure: failure, safe: .savedUpTo(seconds: savedDuration))
        }
        let crc = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: bytes.count - 4, as: UInt32.self).littleEndian }
        end = Journal.End(length: end.length + bytes.count, crc: crc, recordStart: end.length + Journal.lastRecordStart(in: bytes))
    }
}

extension Journal {
    /// Where a journal ends: its length, its last record's CRC and where that record starts.
    struct End: Equatable, Sendable {
        var length: Int
        var crc: UInt32
        var recordStart: Int

        /// The end of the journal at `frame`.
        init(_ frame: Frame) {
            self.init(length: frame.end, crc: frame.crc, recordStart: frame.offset)
        }

        init(length: Int, crc: UInt32, recordStart: Int) {
            self.length = length
            self.crc = crc
            self.recordStart = recordStart
        }
    }
}

extension Journal.Record {
    /// This record with its summary (if any) written in `layout`.
    func inLayout(_ layout: Journal.Summary.Layout) -> Journal.Record {
        func re(_ s: Journal.Summary) -> Journal.Summary { var s = s; s.layout = layout; return s }
        switch self {
        case .begin, .board: return self
        case .samples(let x, let s): return .samples(x, re(s))
        case .undo(let s): return .undo(re(s))
        case .redo(let s): return .redo(re(s))
        case .clear(let s): return .clear(re(s))
        case .title(let t, let s): return .title(t, re(s))
        case .checkpoint(let state, let s): return .checkpoint(state, re(s))
        }
    }
}
