/// The state of a drawing over a picture or with see-through paint: version 5's layout.
///
/// After the meta (little-endian): the configuration; u8 marbles (1–4); the clock (bool, f64
/// origin, i64 steps); i64 rows accepted, i64 dropped; u32 layers issued; each marble's record
/// (`Marble.encode`, as in version 4) followed by its pen's ink (u8 alpha, u8 wipes) and its
/// input's opacity (f64; 1 with no input); the strokes (u32 count; each f64 width, u8 marble,
/// u8 ink alpha, u8 ink wipes, its points, its order of painting: u32 count, 0 with one
/// marble, and i64 each); the history and undone steps; the board (u8 present; then u8 kind,
/// u32 width, u32 height and its RGBA8 pixels, raw); the picture; each marble's open stroke's
/// layer cells.
///
/// The board is raw here, not PNG as in the journal: a snapshot opens without a PNG decoder and
/// without decoding, and nothing is encoded for it. It costs 4 bytes a pixel more per snapshot
/// (4 MB at 1280×800, beside the picture's own 4 MB), written on the snapshot's background
/// thread; the board's array is shared with the canvas, never copied for it.
extension Snapshot {
    static func encodePicturesState(_ state: DrawingSession.State, into w: inout ByteWriter,
                                    drained: (inout ByteWriter) -> Void) {
        state.configuration.encode(into: &w)
        w.u8(UInt8(state.marbles.count))
        w.bool(state.clock.origin != nil)
        w.f64(state.clock.origin ?? 0)
        w.i64(state.clock.steps)
        w.i64(Int64(state.counts.accepted))
        w.i64(Int64(state.counts.dropped))
        w.u32(state.canvas.layersIssued)
        for m in state.marbles {
            m.encode(into: &w)
            encodeInk(m.pen.ink, into: &w)
            w.f64(m.input?.opacity ?? 1)
        }
        w.u32(UInt32(state.strokes.count))
        for s in state.strokes {
            w.f64(s.width)
            w.u8(UInt8(clamping: s.marble))
            encodeInk(s.ink, into: &w)
            encodePoints(s.points, into: &w)
            encodeOrder(s.order, into: &w)
            drained(&w)
        }
        encodeHistory(state, into: &w)
        w.bool(state.canvas.board != nil)
        if let board = state.canvas.board {
            w.u8(board.kind.rawValue)
            w.u32(UInt32(board.width))
            w.u32(UInt32(board.height))
            drained(&w)
            w.raw(board.pixels)
        }
        drained(&w)
        w.raw(state.canvas.pixels)
        drained(&w)
        for cells in state.cells { encodeCells(cells, into: &w, drained: drained) }
    }

    static func decodePicturesState(from r: inout ByteReader) throws(DecodeError) -> DrawingSession.State {
        var configuration = try SessionConfiguration.decode(from: &r)
        let count = Int(try r.u8())
        guard (1...SessionConfiguration.maxMarbles).contains(count) else { throw DecodeError("a drawing of \(count) marbles") }
        configuration.marbles = count
        let hasOrigin = try r.bool()
        let origin = try r.f64()
        let clock = DrawingSession.Clock(origin: hasOrigin ? origin : nil, steps: try r.i64())
        let counts = DrawingSession.Counts(accepted: Int(truncatingIfNeeded: try r.i64()), dropped: Int(truncatingIfNeeded: try r.i64()))
        let layersIssued = try r.u32()
        var marbles: [Marble] = []
        var wipes = false
        for _ in 0..<count {
            var m = try Marble.decode(from: &r)
            m.pen.ink = try decodeInk(from: &r)
            let opacity = try r.f64()
            // The input held is a sample as `feed` kept it: its opacity clamped to 0…1.
            guard opacity >= 0, opacity <= 1 else { throw DecodeError("impossible opacity \(opacity)") }
            m.input?.opacity = opacity
            wipes = wipes || m.pen.ink.wipes
            marbles.append(m)
        }
        let strokeCount = try r.count(minItemSize: 19)
        var strokes: [Stroke] = []
        strokes.reserveCapacity(strokeCount)
        for _ in 0..<strokeCount {
            let width = try r.f64()
            let marble = Int(try r.u8())
            let ink = try decodeInk(from: &r)
            let points = try decodePoints(from: &r)
            let order = try decodeOrder(from: &r, points: points.count)
            // One marble's strokes have no order of painting (several marbles' name every point's).
            guard count > 1 || order?.isEmpty != false else { throw DecodeError("an order of painting in a drawing of one marble") }
            strokes.append(Stroke(width: width, points: points, marble: marble, order: count > 1 ? order : nil, ink: ink))
            wipes = wipes || ink.wipes
        }
        let (history, undone) = try decodeHistory(from: &r)
        var board: Board?
        if try r.bool() {
            guard let kind = Board.Kind(rawValue: try r.u8()) else { throw DecodeError("unknown kind of picture") }
            let width = Int(try r.u32()), height = Int(try r.u32())
            guard width == configuration.canvasWidth, height == configuration.canvasHeight else {
                throw DecodeError("a \(width)×\(height) picture under a \(configuration.canvasWidth)×\(configuration.canvasHeight) canvas")
            }
            board = Board(width: width, height: height, kind: kind, pixels: Array(try r.raw(width * height * 4)))
        }
        // Only the eraser on a picture wipes back to it (`Canvas.beginStroke`).
        guard board != nil || !wipes else { throw DecodeError("a stroke wiping back to a picture that is not there") }
        let pixels = Array(try r.raw(configuration.canvasWidth * configuration.canvasHeight * 4))
        var cells: [[PixelBuffer.IndexedCell]] = []
        for _ in 0..<count { cells.append(try decodeCells(from: &r)) }
        return DrawingSession.State(
            configuration: configuration, clock: clock, counts: counts, marbles: marbles, cells: cells,
            strokes: strokes, history: history, undone: undone,
            canvas: Canvas.State(width: configuration.canvasWidth, height: configuration.canvasHeight,
                                 background: configuration.background, board: board, pixels: pixels, layersIssued: layersIssued))
    }

    /// An ink: u8 alpha (255ths), u8 wipes (0 or 1).
    static func encodeInk(_ ink: Ink, into w: inout ByteWriter) {
        w.u8(ink.alpha)
        w.bool(ink.wipes)
    }

    static func decodeInk(from r: inout ByteReader) throws(DecodeError) -> Ink {
        Ink(alpha: try r.u8(), wipes: try r.bool())
    }
}

extension DrawingSession.State {
    /// Whether only version 5 keeps it: a picture under the paint, or see-through or wiping
    /// ink anywhere (a stroke, a pen, an input held). Without them, versions 2 and 4 keep it
    /// exactly: their readers give every ink opaque and no picture.
    var needsPictures: Bool {
        canvas.board != nil || strokes.contains { $0.ink != .opaque }
            || marbles.contains { $0.pen.ink != .opaque || ($0.input.map { $0.opacity != 1 } ?? false) }
    }
}
