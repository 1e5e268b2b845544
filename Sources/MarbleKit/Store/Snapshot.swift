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
    static func encode(_ state: DrawingSession.State, meta: Meta) -> [UInt8] {
        var bytes: [UInt8] = []
        let header = encode(state, meta: meta) { bytes.append(contentsOf: $0) }
        bytes.replaceSubrange(0..<headerSize, with: header)
        return bytes
    }

    /// The snapshot file's bytes in pieces of about `piece` bytes, for writing without holding
    /// them all (26 MB at a million segments): `emit` gets the header first, its length and CRC
    /// still zero, then the payload; the header as it must end up is returned.
    static func encode(_ state: DrawingSession.State, meta: Meta, piece: Int = 1 << 20, emit: ([UInt8]) -> Void) -> [UInt8] {
        var w = ByteWriter(capacity: 2 * piece)
        w.raw(StoreFormat.snapshotMagic)
        w.u32(state.duet == nil ? StoreFormat.snapshotVersion : StoreFormat.twoMarbleVersion)
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
        encodeState(state, into: &w) { w in if w.bytes.count >= piece { send(&w) } }
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
                                                 supported: StoreFormat.readableVersion, path: path, what: "snapshot") {
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

    /// A session's state in the layout of a version 2 snapshot's payload after its meta (a
    /// journal's checkpoint record holds the same).
    /// Writes a session state into `w`; `drained` is called between its big parts (each
    /// stroke, the picture), where a streaming caller may take what is written so far.
    static func encodeState(_ state: DrawingSession.State, into w: inout ByteWriter,
                            drained: (inout ByteWriter) -> Void = { _ in }) {
        let canvas = state.canvas
        state.configuration.encode(into: &w)

        // The session's clock, ball and input.
        w.bool(state.origin != nil)
        w.f64(state.origin ?? 0)
        w.i64(state.stepCount)
        w.vec(state.ball.position)
        w.vec(state.ball.velocity)
        w.bool(state.input != nil)
        let input = state.input ?? Sample(t: 0, tilt: .zero)
        input.encode(into: &w)
        input.encodeTool(into: &w)
        w.u32(state.inputColor.packed)
        w.i64(state.staleStep)
        w.i64(Int64(state.acceptedSamples))
        w.i64(Int64(state.droppedSamples))
        w.bool(state.strokePending)
        state.movement.encode(into: &w)

        // The canvas's pen.
        w.bool(canvas.penPoint != nil)
        w.vec(canvas.penPoint ?? .zero)
        w.f64(canvas.penWidth)
        w.f64(canvas.arcLength)
        w.u32(canvas.layerSerial)

        // Strokes (points in bulk: a million of them is most of the file) and history.
        w.u32(UInt32(state.strokes.count))
        for s in state.strokes {
            w.f64(s.width)
            w.u32(UInt32(s.points.count))
            w.append(count: s.points.count * 20) { out in
                for (k, p) in s.points.enumerated() {
                    out.storeBytes(of: p.x.bitPattern.littleEndian, toByteOffset: k * 20, as: UInt64.self)
                    out.storeBytes(of: p.y.bitPattern.littleEndian, toByteOffset: k * 20 + 8, as: UInt64.self)
                    out.storeBytes(of: p.color.packed.littleEndian, toByteOffset: k * 20 + 16, as: UInt32.self)
                }
            }
            drained(&w)
        }
        for steps in [state.history, state.undone] {
            w.u32(UInt32(steps.count))
            for step in steps {
                switch step {
                case .stroke(let i): w.u32(UInt32(i))
                case .clear: w.u32(.max)
                }
            }
        }

        // The canvas's picture and the open stroke's layer cells.
        drained(&w)
        w.raw(canvas.pixels)
        drained(&w)
        w.u32(UInt32(canvas.cells.count))
        for (k, c) in canvas.cells.enumerated() {
            w.u32(UInt32(c.index))
            w.u32(c.cell.base)
            w.u32(c.cell.key)
            w.f32(c.cell.stamp)
            // A stroke open for hours has a layer over the whole canvas: 16 MB of cells at
            // 1280×800, offered in pieces like the rest (the soak's heap peak was here).
            if k & 0xFFFF == 0xFFFF { drained(&w) }
        }
        // Version 3: a two-marble drawing's second marble, after all of version 2's.
        if let duet = state.duet { encodeDuet(duet, strokes: state.strokes, into: &w) }
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

    /// A session's state in the layout `encodeState` writes (or version 1's).
    static func decodeState(from r: inout ByteReader, version: UInt32 = StoreFormat.snapshotVersion) throws(DecodeError) -> DrawingSession.State {
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

        let penOpen = try r.bool()
        let pen = try r.vec()
        let penWidth = try r.f64()
        let arcLength = try r.f64()
        let layerSerial = try r.u32()

        let strokeCount = try r.count(minItemSize: 12)
        var strokes: [Stroke] = []
        strokes.reserveCapacity(strokeCount)
        for _ in 0..<strokeCount {
            let width = try r.f64()
            let n = try r.count(minItemSize: 20)
            let points = try r.withRaw(n * 20) { raw in
                var points = StrokePoints()
                points.reserveCapacity(n)
                for k in 0..<n {
                    points.append(StrokePoint(
                        x: Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k * 20, as: UInt64.self))),
                        y: Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k * 20 + 8, as: UInt64.self))),
                        color: RGBA8(packed: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: k * 20 + 16, as: UInt32.self)))))
                }
                // The colours' arrays grew as they came.
                points.shrinkToFit()
                return points
            }
            strokes.append(Stroke(width: width, points: points))
        }
        var lists: [[DrawingSession.EditStep]] = []
        for _ in 0..<2 {
            let n = try r.count(minItemSize: 4)
            var steps: [DrawingSession.EditStep] = []
            steps.reserveCapacity(n)
            for _ in 0..<n {
                let v = try r.u32()
                steps.append(v == .max ? .clear : .stroke(Int(v)))
            }
            lists.append(steps)
        }

        let pixels = Array(try r.raw(configuration.canvasWidth * configuration.canvasHeight * 4))
        let cellCount = try r.count(minItemSize: 16)
        var cells: [PixelBuffer.IndexedCell] = []
        cells.reserveCapacity(cellCount)
        for _ in 0..<cellCount {
            let i = Int(try r.u32())
            cells.append(PixelBuffer.IndexedCell(
                index: i, cell: PixelBuffer.LayerCell(base: try r.u32(), key: try r.u32(), stamp: try r.f32())))
        }
        let canvas = Canvas.State(
            width: configuration.canvasWidth, height: configuration.canvasHeight, background: configuration.background,
            pixels: pixels, penPoint: penOpen ? pen : nil, penWidth: penWidth, arcLength: arcLength,
            layerSerial: layerSerial, cells: cells)
        var state = DrawingSession.State(
            configuration: configuration, origin: hasOrigin ? origin : nil, stepCount: stepCount, ball: ball,
            input: hasInput ? input : nil, inputColor: inputColor, staleStep: staleStep, acceptedSamples: accepted,
            droppedSamples: dropped, strokePending: strokePending, movement: movement, strokes: strokes,
            history: lists[0], undone: lists[1], canvas: canvas)
        if version >= StoreFormat.twoMarbleVersion { try decodeDuet(from: &r, into: &state) }
        return state
    }
}
