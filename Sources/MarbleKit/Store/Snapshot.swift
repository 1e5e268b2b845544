/// A drawing's whole state at one point of its journal: what makes reopening fast.
///
/// It holds the canvas's pixels, the open stroke's layer cells, every stroke, the history and
/// every number the session steps with, so a session restored from it continues bit for bit as
/// the one that wrote it. It is a cache: if it is missing, damaged, or does not match the
/// journal, the journal is replayed instead. Written whole, atomically (temp, fsync, rename,
/// fsync the folder), so a crash leaves the old snapshot or the new one.
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
        var created: Double
        var modified: Double
        var title: String
    }

    static func encode(_ session: DrawingSession, meta: Meta) -> [UInt8] {
        let canvas = session.canvas
        let pixelCount = canvas.width * canvas.height
        let points = session.strokes.reduce(0) { $0 + $1.points.count }
        var w = ByteWriter(capacity: headerSize + 512 + pixelCount * 4 + points * 20)
        w.raw(StoreFormat.snapshotMagic)
        w.u32(StoreFormat.snapshotVersion)
        w.u32(0)
        w.u64(0)      // payload length, patched below
        w.u32(0)      // payload CRC, patched below
        w.u32(0)

        w.u64(UInt64(meta.journalEnd))
        w.u32(meta.journalCRC)
        w.f64(meta.created)
        w.f64(meta.modified)
        w.string(meta.title)
        session.configuration.encode(into: &w)

        // The session's clock, ball and input.
        w.bool(session.origin != nil)
        w.f64(session.origin ?? 0)
        w.i64(session.stepCount)
        w.vec(session.ball.position)
        w.vec(session.ball.velocity)
        w.bool(session.input != nil)
        (session.input ?? Sample(t: 0, tilt: .zero)).encode(into: &w)
        w.u32(session.inputColor.packed)
        w.i64(session.staleStep)
        w.i64(Int64(session.acceptedSamples))
        w.i64(Int64(session.droppedSamples))
        w.bool(session.strokePending)

        // The open stroke's pen.
        w.bool(canvas.penPoint != nil)
        w.vec(canvas.penPoint ?? .zero)
        w.f64(canvas.penWidth)
        w.f64(canvas.arcLength)
        w.u32(canvas.layerSerial)

        // Strokes and history.
        w.u32(UInt32(session.strokes.count))
        for s in session.strokes {
            w.f64(s.width)
            w.u32(UInt32(s.points.count))
            for p in s.points {
                w.f64(p.x)
                w.f64(p.y)
                w.u32(p.color.packed)
            }
        }
        for steps in [session.history, session.undone] {
            w.u32(UInt32(steps.count))
            for step in steps {
                switch step {
                case .stroke(let i): w.u32(UInt32(i))
                case .clear: w.u32(.max)
                }
            }
        }

        // Pixels, and the cells of the open stroke's layer. Other layers' cells never match a
        // later stroke's layer, so they behave exactly as blank cells do.
        canvas.withPixelBytes { w.raw($0) }
        let cells = canvas.penPoint != nil ? canvas.buffer.cells(ofLayer: canvas.layerSerial) : []
        w.u32(UInt32(cells.count))
        for (i, c) in cells {
            w.u32(UInt32(i))
            w.u32(c.base)
            w.u32(c.key)
            w.f32(c.stamp)
        }

        var bytes = w.bytes
        let payload = bytes.count - headerSize
        let crc = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[headerSize...])) }
        withUnsafeBytes(of: UInt64(payload).littleEndian) { for (k, b) in $0.enumerated() { bytes[16 + k] = b } }
        withUnsafeBytes(of: crc.littleEndian) { for (k, b) in $0.enumerated() { bytes[24 + k] = b } }
        return bytes
    }

    /// Rebuilds the session a snapshot holds, checking every count and index.
    static func decode(_ bytes: [UInt8], path: String) throws(StoreError) -> (DrawingSession, Meta) {
        if let problem = StoreFormat.checkHeader(bytes, magic: StoreFormat.snapshotMagic,
                                                 supported: StoreFormat.snapshotVersion, path: path, what: "snapshot") {
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
            return try decodePayload(bytes)
        } catch {
            throw .damaged(path: path, detail: "snapshot: \(error)")
        }
    }

    private static func decodePayload(_ bytes: [UInt8]) throws(DecodeError) -> (DrawingSession, Meta) {
        var r = ByteReader(bytes, from: headerSize)
        let journalEnd = try r.u64()
        guard journalEnd <= UInt64(Int.max) else { throw DecodeError("impossible journal length") }
        let meta = Meta(journalEnd: Int(journalEnd), journalCRC: try r.u32(), created: try r.f64(),
                        modified: try r.f64(), title: try r.string())
        let configuration = try SessionConfiguration.decode(from: &r)
        let session = DrawingSession(configuration: configuration)
        let canvas = session.canvas

        let hasOrigin = try r.bool()
        let origin = try r.f64()
        session.origin = hasOrigin ? origin : nil
        session.stepCount = try r.i64()
        session.ball = BallState(position: try r.vec(), velocity: try r.vec())
        let hasInput = try r.bool()
        let input = try Sample.decode(from: &r)
        session.input = hasInput ? input : nil
        session.inputColor = RGBA8(packed: try r.u32())
        session.staleStep = try r.i64()
        session.acceptedSamples = Int(truncatingIfNeeded: try r.i64())
        session.droppedSamples = Int(truncatingIfNeeded: try r.i64())
        session.strokePending = try r.bool()

        let penOpen = try r.bool()
        let pen = try r.vec()
        canvas.penPoint = penOpen ? pen : nil
        canvas.penWidth = try r.f64()
        canvas.arcLength = try r.f64()
        canvas.layerSerial = try r.u32()
        guard canvas.layerSerial <= PixelBuffer.maxLayer, session.stepCount >= 0 else {
            throw DecodeError("impossible pen layer or step count")
        }

        let strokeCount = try r.count(minItemSize: 12)
        var strokes: [Stroke] = []
        strokes.reserveCapacity(strokeCount)
        for _ in 0..<strokeCount {
            let width = try r.f64()
            let n = try r.count(minItemSize: 20)
            var points: [StrokePoint] = []
            points.reserveCapacity(n)
            for _ in 0..<n { points.append(StrokePoint(x: try r.f64(), y: try r.f64(), color: RGBA8(packed: try r.u32()))) }
            strokes.append(Stroke(width: width, points: points))
        }
        session.strokes = strokes
        var lists: [[DrawingSession.EditStep]] = []
        for _ in 0..<2 {
            let n = try r.count(minItemSize: 4)
            var steps: [DrawingSession.EditStep] = []
            for _ in 0..<n {
                let v = try r.u32()
                if v == .max {
                    steps.append(.clear)
                } else {
                    guard Int(v) < strokes.count else { throw DecodeError("history names stroke \(v) of \(strokes.count)") }
                    steps.append(.stroke(Int(v)))
                }
            }
            lists.append(steps)
        }
        session.history = lists[0]
        session.undone = lists[1]
        if penOpen, strokes.isEmpty { throw DecodeError("an open pen with no stroke") }

        let pixelCount = canvas.width * canvas.height
        let pixels = try r.raw(pixelCount * 4)
        pixels.withUnsafeBytes { canvas.buffer.load($0) }
        let cellCount = try r.count(minItemSize: 16)
        for _ in 0..<cellCount {
            let i = Int(try r.u32())
            let cell = PixelBuffer.LayerCell(base: try r.u32(), key: try r.u32(), stamp: try r.f32())
            guard i < pixelCount else { throw DecodeError("a layer cell outside the canvas") }
            canvas.buffer.setCell(i, cell)
        }
        guard r.isAtEnd else { throw DecodeError("\(r.remaining) bytes too many") }
        canvas.dirtyRect = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        session.segmentCursor = DrawingSession.SegmentCursor(
            stroke: max(strokes.count - 1, 0), point: strokes.last?.points.count ?? 0)
        return (session, meta)
    }
}
