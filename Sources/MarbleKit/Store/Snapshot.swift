/// A drawing's whole state at one point of its journal: what makes reopening fast.
///
/// It holds a session's `State` (DrawingSession+State.swift): the canvas's pixels, the open
/// stroke's layer cells, every stroke, the history and every number the session steps with, so
/// a session restored from it continues bit for bit as the one that wrote it. Snapshot turns
/// that state into bytes and back; the session and canvas check and restore it themselves.
/// It is a cache: if it is missing, damaged, or does not match the journal, the journal is
/// replayed instead. Written whole, atomically (temp, fsync, rename, fsync the folder), so a
/// crash leaves the old snapshot or the new one.
///
/// Layout: `MRBLSNAP`, u32 version, u32 flags (0), u64 payload length, u32 CRC-32 of the
/// payload, u32 0, then the payload (see `encode`).
enum Snapshot {
    static let headerSize = 32

    /// What a snapshot says about where it came from.
    struct Meta: Equatable {
        /// The journal's length and last record's CRC when it was taken.
        var journalEnd: Int
        var journalCRC: UInt32
        /// Where that record starts: a journal damaged before it can still be read from there.
        var journalStart: Int
        var created: Double
        var modified: Double
        var title: String
    }

    /// The snapshot file's bytes for a session's state (taken with `session.state`, so this
    /// can run on another thread), whole: the bytes `encode(_:meta:emit:)` streams.
    static func encode(_ state: DrawingSession.State, meta: Meta, version: UInt32? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        let header = encode(state, meta: meta, version: version) { bytes.append(contentsOf: $0) }
        bytes.replaceSubrange(0..<headerSize, with: header)
        return bytes
    }

    /// The snapshot file's bytes in pieces of about `piece` bytes, for writing without holding
    /// them all (26 MB at a million segments): `emit` gets the header first, its length and CRC
    /// still zero, then the payload; the header as it must end up is returned. The version is
    /// the state's own (`StoreFormat.version(of:)`), or 5 when `version` says so (a drawing
    /// whose journal is of version 5).
    static func encode(_ state: DrawingSession.State, meta: Meta, version: UInt32? = nil, piece: Int = 1 << 20,
                       emit: ([UInt8]) -> Void) -> [UInt8] {
        let version = StoreFormat.version(of: state, pictures: version == StoreFormat.picturesVersion)
        var w = ByteWriter(capacity: 2 * piece)
        w.raw(StoreFormat.snapshotMagic)
        w.u32(version)
        w.u32(0)
        w.u64(0)      // payload length, known at the end
        w.u32(0)      // payload CRC, known at the end
        w.u32(0)
        let header = w.bytes

        w.u64(UInt64(meta.journalEnd))
        w.u32(meta.journalCRC)
        w.u64(UInt64(meta.journalStart))
        w.f64(meta.created)
        w.f64(meta.modified)
        w.string(meta.title)

        var crc: UInt32 = 0, payload = 0, headerSent = false
        func send(_ w: inout ByteWriter) {
            let skip = headerSent ? 0 : headerSize
            w.bytes.withUnsafeBytes { crc = CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[skip...]), continuing: crc) }
            payload += w.bytes.count - skip
            headerSent = true
            emit(w.bytes)
            w.removeAll()
        }
        encodeState(state, version: version, into: &w) { w in if w.bytes.count >= piece { send(&w) } }
        send(&w)

        var final = header
        withUnsafeBytes(of: UInt64(payload).littleEndian) { for (k, b) in $0.enumerated() { final[16 + k] = b } }
        withUnsafeBytes(of: crc.littleEndian) { for (k, b) in $0.enumerated() { final[24 + k] = b } }
        return final
    }

    /// Rebuilds the session a snapshot holds, checking every count and index.
    ///
    /// The bytes give a `DrawingSession.State`; restoring it checks its values (a checksum
    /// vouches for the bytes, not for the program that wrote them). Either failing is damage.
    static func decode(_ bytes: [UInt8], path: String) throws(StoreError) -> (DrawingSession, Meta) {
        if let problem = StoreFormat.checkHeader(bytes, magic: StoreFormat.snapshotMagic,
                                                 supported: StoreFormat.readableSnapshotVersion, path: path, what: "snapshot") {
            throw problem
        }
        guard bytes.count >= headerSize else { throw .damaged(path: path, detail: "snapshot header is cut short") }
        var h = ByteReader(bytes, from: 16)
        let length = (try? h.u64()) ?? 0
        let stored = (try? h.u32()) ?? 0
        guard length == UInt64(bytes.count - headerSize) else {
            throw .damaged(path: path, detail: "snapshot is \(bytes.count - headerSize) bytes, its header says \(length)")
        }
        let crc = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[headerSize...])) }
        guard crc == stored else { throw .damaged(path: path, detail: "snapshot fails its checksum") }
        do {
            let (state, meta) = try decodePayload(bytes, version: StoreFormat.version(of: bytes))
            return (try DrawingSession(restoring: state), meta)
        } catch {
            throw .damaged(path: path, detail: "snapshot: \(error)")
        }
    }

    /// A session's state in the per-marble layout of `version`'s snapshot payload after its
    /// meta (a journal's checkpoint record holds the same; `Store/Marbles/`): version 4's for
    /// two to four marbles and 6's for one, the same fields; version 5's with pictures and
    /// inks (`Store/Pictures/`; a state with them is always written so). `drained` is called
    /// between its big parts (each stroke, the picture), where a streaming caller may take
    /// what is written so far.
    static func encodeState(_ state: DrawingSession.State, version: UInt32, into w: inout ByteWriter,
                            drained: (inout ByteWriter) -> Void = { _ in }) {
        let pictures = version == StoreFormat.picturesVersion || state.needsPictures
        encodeMarblesState(state, into: &w, pictures: pictures, drained: drained)
    }

    /// The state and meta in a snapshot's payload (the layout `encode` writes; version 1 has
    /// no journal start, no pen tool and no movement).
    private static func decodePayload(_ bytes: [UInt8], version: UInt32) throws(DecodeError) -> (DrawingSession.State, Meta) {
        var r = ByteReader(bytes, from: headerSize)
        let journalEnd = try r.u64()
        let journalCRC = try r.u32()
        let journalStart = version >= 2 ? try r.u64() : 0
        guard journalEnd <= UInt64(Int.max), journalStart <= journalEnd else { throw DecodeError("impossible journal length") }
        let meta = Meta(journalEnd: Int(journalEnd), journalCRC: journalCRC, journalStart: Int(journalStart),
                        created: try r.f64(), modified: try r.f64(), title: try r.string())
        let state = try decodeState(from: &r, version: version)
        guard r.isAtEnd else { throw DecodeError("\(r.remaining) bytes too many") }
        return (state, meta)
    }

    /// A session's state in the layout `encodeState` writes for `version` (4, 5 or 6), or in
    /// an earlier one's, read forever: version 2's inline marble (and 1's, without the tool and
    /// movement), or version 3's two marbles (the second after version 2's values).
    static func decodeState(from r: inout ByteReader, version: UInt32) throws(DecodeError) -> DrawingSession.State {
        if version >= StoreFormat.marblesVersion { return try decodeMarblesState(from: &r, version: version) }
        let configuration = try SessionConfiguration.decode(from: &r)

        let hasOrigin = try r.bool()
        let origin = try r.f64()
        let stepCount = try r.i64()
        let ball = BallState(position: try r.vec(), velocity: try r.vec())
        let hasInput = try r.bool()
        var input = try Sample.decode(from: &r)
        if version >= 2 { try input.decodeTool(from: &r) }
        let inputColor = RGBA8(packed: try r.u32())
        let staleStep = try r.i64()
        let accepted = Int(truncatingIfNeeded: try r.i64())
        let dropped = Int(truncatingIfNeeded: try r.i64())
        let strokePending = try r.bool()
        let movement = version >= 2 ? try MovementMeter.decode(from: &r) : MovementMeter()

        let penOpen = try r.bool(), point = try r.vec()
        let pen = Canvas.Pen(point: penOpen ? point : nil, width: try r.f64(), arcLength: try r.f64(), layer: try r.u32())

        let strokeCount = try r.count(minItemSize: 12)
        var strokes: [Stroke] = []
        strokes.reserveCapacity(strokeCount)
        for _ in 0..<strokeCount { strokes.append(Stroke(width: try r.f64(), points: try decodePoints(from: &r))) }
        let (history, undone) = try decodeHistory(from: &r)
        let pixels = Array(try r.raw(configuration.canvasWidth * configuration.canvasHeight * 4))
        let cells = try decodeCells(from: &r)
        // One marble's open stroke is the last; its pen's layer is the last given.
        let marble = Marble(ball: ball, input: hasInput ? input : nil, movement: movement, inputColor: inputColor,
                            staleStep: staleStep, strokePending: strokePending,
                            openStroke: penOpen && !strokes.isEmpty ? strokes.count - 1 : nil, pen: pen)
        var state = DrawingSession.State(
            configuration: configuration, clock: .init(origin: hasOrigin ? origin : nil, steps: stepCount),
            counts: .init(accepted: accepted, dropped: dropped), marbles: [marble], cells: [cells],
            strokes: strokes, history: history, undone: undone,
            canvas: Canvas.State(width: configuration.canvasWidth, height: configuration.canvasHeight,
                                 background: configuration.background, pixels: pixels, layersIssued: pen.layer))
        if version >= StoreFormat.twoMarbleVersion { try decodeVersion3(from: &r, into: &state) }
        return state
    }
}
