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

    /// Everything a snapshot holds, copied out of a session: encodable on another thread.
    ///
    /// Taking it costs a copy of the pixels and of the open stroke's cells (a few ms at
    /// 1280×800, whatever the drawing's length); strokes are shared until changed.
    struct Image: Sendable {
        var configuration: SessionConfiguration
        var origin: Double?
        var stepCount: Int64
        var ball: BallState
        var input: Sample?
        var inputColor: RGBA8
        var staleStep: Int64
        var accepted: Int
        var dropped: Int
        var strokePending: Bool
        var penPoint: Vec2?
        var penWidth: Double
        var arcLength: Double
        var layerSerial: UInt32
        var strokes: [Stroke]
        var history: [DrawingSession.EditStep]
        var undone: [DrawingSession.EditStep]
        var width: Int
        var height: Int
        var pixels: [UInt8]
        // Other layers' cells never match a later stroke's layer, so they behave exactly as
        // blank cells do: only the open stroke's are kept.
        var cells: [(index: Int, cell: PixelBuffer.LayerCell)]

        init(_ session: DrawingSession) {
            let canvas = session.canvas
            configuration = session.configuration
            origin = session.origin
            stepCount = session.stepCount
            ball = session.ball
            input = session.input
            inputColor = session.inputColor
            staleStep = session.staleStep
            accepted = session.acceptedSamples
            dropped = session.droppedSamples
            strokePending = session.strokePending
            penPoint = canvas.penPoint
            penWidth = canvas.penWidth
            arcLength = canvas.arcLength
            layerSerial = canvas.layerSerial
            strokes = session.strokes
            history = session.history
            undone = session.undone
            width = canvas.width
            height = canvas.height
            pixels = canvas.pixelBytes
            // The open stroke is the session's last; its cells lie within its points' box.
            if canvas.penPoint != nil, let open = session.strokes.last, let first = open.points.first {
                var lo = first.position, hi = first.position
                for p in open.points {
                    lo = Vec2(min(lo.x, p.x), min(lo.y, p.y))
                    hi = Vec2(max(hi.x, p.x), max(hi.y, p.y))
                }
                let r = canvas.penWidth / 2 + 1
                let x0 = Int(max(lo.x - r, 0)), y0 = Int(max(lo.y - r, 0))
                let x1 = Int(min(hi.x + r, Double(canvas.width))), y1 = Int(min(hi.y + r, Double(canvas.height)))
                cells = canvas.buffer.cells(ofLayer: canvas.layerSerial,
                                            in: PixelRect(x: x0, y: y0, width: max(x1 - x0 + 1, 0), height: max(y1 - y0 + 1, 0)))
            } else {
                cells = []
            }
        }
    }

    static func encode(_ im: Image, meta: Meta) -> [UInt8] {
        let points = im.strokes.reduce(0) { $0 + $1.points.count }
        let size = headerSize + 512 + meta.title.utf8.count + im.pixels.count + im.strokes.count * 12 + points * 20
            + (im.history.count + im.undone.count) * 4 + im.cells.count * 16
        var w = ByteWriter(capacity: size)
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
        im.configuration.encode(into: &w)

        // The session's clock, ball and input.
        w.bool(im.origin != nil)
        w.f64(im.origin ?? 0)
        w.i64(im.stepCount)
        w.vec(im.ball.position)
        w.vec(im.ball.velocity)
        w.bool(im.input != nil)
        (im.input ?? Sample(t: 0, tilt: .zero)).encode(into: &w)
        w.u32(im.inputColor.packed)
        w.i64(im.staleStep)
        w.i64(Int64(im.accepted))
        w.i64(Int64(im.dropped))
        w.bool(im.strokePending)

        // The open stroke's pen.
        w.bool(im.penPoint != nil)
        w.vec(im.penPoint ?? .zero)
        w.f64(im.penWidth)
        w.f64(im.arcLength)
        w.u32(im.layerSerial)

        // Strokes (points in bulk: a million of them is most of the file) and history.
        w.u32(UInt32(im.strokes.count))
        for s in im.strokes {
            w.f64(s.width)
            w.u32(UInt32(s.points.count))
            w.append(count: s.points.count * 20) { out in
                for (k, p) in s.points.enumerated() {
                    out.storeBytes(of: p.x.bitPattern.littleEndian, toByteOffset: k * 20, as: UInt64.self)
                    out.storeBytes(of: p.y.bitPattern.littleEndian, toByteOffset: k * 20 + 8, as: UInt64.self)
                    out.storeBytes(of: p.color.packed.littleEndian, toByteOffset: k * 20 + 16, as: UInt32.self)
                }
            }
        }
        for steps in [im.history, im.undone] {
            w.u32(UInt32(steps.count))
            for step in steps {
                switch step {
                case .stroke(let i): w.u32(UInt32(i))
                case .clear: w.u32(.max)
                }
            }
        }

        w.raw(im.pixels)
        w.u32(UInt32(im.cells.count))
        for (i, c) in im.cells {
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
        // A checksum vouches for the bytes, not for the writer: refuse any value the session
        // could trap on (a NaN clock, a NaN width) as damage.
        let maxSteps = Int64(SessionConfiguration.maxDuration) * Int64(SessionConfiguration.stepsPerSecond) + 1000
        guard canvas.layerSerial <= PixelBuffer.maxLayer,
              (0...maxSteps).contains(session.stepCount), (0...maxSteps).contains(session.staleStep),
              hasOrigin == hasInput, !hasOrigin || origin.isFinite,
              session.ball.position.isFinite, session.ball.velocity.isFinite,
              !hasInput || (input.tilt.isFinite && input.heading.isFinite && (0...SessionConfiguration.maxDuration).contains(input.t - origin)),
              !penOpen || pen.isFinite, canvas.penWidth.isFinite, canvas.penWidth > 0, canvas.penWidth <= 1000,
              canvas.arcLength.isFinite, canvas.arcLength >= 0 else {
            throw DecodeError("impossible session values")
        }

        let strokeCount = try r.count(minItemSize: 12)
        var strokes: [Stroke] = []
        strokes.reserveCapacity(strokeCount)
        for _ in 0..<strokeCount {
            let width = try r.f64()
            guard width.isFinite, width > 0, width <= 1000 else { throw DecodeError("impossible stroke width") }
            let n = try r.count(minItemSize: 20)
            let points = try r.withRaw(n * 20) { raw in
                (0..<n).map { k in
                    StrokePoint(
                        x: Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k * 20, as: UInt64.self))),
                        y: Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k * 20 + 8, as: UInt64.self))),
                        color: RGBA8(packed: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: k * 20 + 16, as: UInt32.self))))
                }
            }
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
