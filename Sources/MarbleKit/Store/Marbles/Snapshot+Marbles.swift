/// The state of a drawing in the per-marble layout: version 4's (two to four marbles), 6's (the
/// same, of one marble) and 5's (with pictures and inks, one to four); and version 3's (two
/// marbles, frozen: read, never written).
///
/// Version 4, after the meta (little-endian): the configuration; u8 marbles (2–4; 1 in version
/// 6); the clock
/// (bool, f64 origin, i64 steps); i64 rows accepted, i64 dropped; u32 layers issued; each
/// marble's record (`Marble.encode`); the strokes (u32 count; each f64 width, u8 marble, its
/// points, u32 count and i64 each of its order of painting); the history and undone steps; the
/// picture; each marble's open stroke's layer cells.
///
/// Version 3 is version 2's one-marble layout for marble 1, then u8 2, marble 2's record,
/// marble 1's open stroke (i64, −1), the layers issued (u32), each stroke's order of painting,
/// and marble 2's cells. Its strokes do not name their marble: the order's parity does (its
/// builds counted `step·4 + 2·(after the step) + marble`).
extension Snapshot {
    /// Version 4's layout, or with `pictures` version 5's (`Store/Pictures/`): the same fields
    /// in the same order, with the inks, the input opacities and the board between them.
    static func encodeMarblesState(_ state: DrawingSession.State, into w: inout ByteWriter, pictures: Bool = false,
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
            if pictures {
                encodeInk(m.pen.ink, into: &w)
                w.f64(m.input?.opacity ?? 1)
            }
        }
        w.u32(UInt32(state.strokes.count))
        for s in state.strokes {
            w.f64(s.width)
            w.u8(UInt8(clamping: s.marble))
            if pictures { encodeInk(s.ink, into: &w) }
            encodePoints(s.points, into: &w)
            encodeOrder(s.order, into: &w)
            drained(&w)
        }
        encodeHistory(state, into: &w)
        if pictures { encodeBoard(state.canvas.board, into: &w, drained: drained) }
        drained(&w)
        w.raw(state.canvas.pixels)
        drained(&w)
        for cells in state.cells { encodeCells(cells, into: &w, drained: drained) }
    }

    /// A state as `encodeMarblesState` writes it for `version`: 4 or 6, or 5 with its pictures parts.
    static func decodeMarblesState(from r: inout ByteReader, version: UInt32) throws(DecodeError) -> DrawingSession.State {
        let pictures = version == StoreFormat.picturesVersion
        var configuration = try SessionConfiguration.decode(from: &r)
        let count = Int(try r.u8())
        // Version 4 keeps two to four marbles; versions 5 and 6 one to four.
        let least = version == StoreFormat.marblesVersion ? 2 : 1
        guard least...SessionConfiguration.maxMarbles ~= count else { throw DecodeError("a drawing of \(count) marbles") }
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
            if pictures {
                m.pen.ink = try decodeInk(from: &r)
                let opacity = try r.f64()
                // The input held is a sample as `feed` kept it: its opacity clamped to 0…1.
                guard opacity >= 0, opacity <= 1 else { throw DecodeError("impossible opacity \(opacity)") }
                m.input?.opacity = opacity
                wipes = wipes || m.pen.ink.wipes
            }
            marbles.append(m)
        }
        let strokeCount = try r.count(minItemSize: pictures ? 19 : 17)
        var strokes: [Stroke] = []
        strokes.reserveCapacity(strokeCount)
        for _ in 0..<strokeCount {
            let width = try r.f64()
            let marble = Int(try r.u8())
            let ink = pictures ? try decodeInk(from: &r) : .opaque
            let points = try decodePoints(from: &r)
            let order = try decodeOrder(from: &r, points: points.count)
            // One marble's strokes have no order of painting (several marbles' name every point's).
            guard count > 1 || order?.isEmpty != false else { throw DecodeError("an order of painting in a drawing of one marble") }
            strokes.append(Stroke(width: width, points: points, marble: marble, order: count > 1 ? order : nil, ink: ink))
            wipes = wipes || ink.wipes
        }
        let (history, undone) = try decodeHistory(from: &r)
        let board = pictures ? try decodeBoard(from: &r, configuration) : nil
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

    /// Reads version 3's part into `state` (read as version 2's one marble): marble 2, marble
    /// 1's open stroke, the layer count, each stroke's order and marble, marble 2's cells.
    static func decodeVersion3(from r: inout ByteReader, into state: inout DrawingSession.State) throws(DecodeError) {
        guard try r.u8() == 2 else { throw DecodeError("a drawing of one marble or two") }
        let second = try Marble.decode(from: &r)
        let first = state.marbles[0]
        state.marbles = [Marble(ball: first.ball, input: first.input, movement: first.movement, inputColor: first.inputColor,
                                staleStep: first.staleStep, strokePending: first.strokePending,
                                openStroke: try decodeIndex(&r), pen: first.pen), second]
        state.canvas.layersIssued = try r.u32()
        for k in state.strokes.indices {
            let order = try decodeOrder(from: &r, points: state.strokes[k].points.count) ?? []
            state.strokes[k] = Stroke(width: state.strokes[k].width, points: state.strokes[k].points,
                                      marble: Int((order.first ?? 0) & 1), order: order)
        }
        state.cells.append(try decodeCells(from: &r))
        state.configuration.marbles = 2
    }

    /// A stroke's order of painting: u32 count (0 or its points'), then i64 each.
    static func encodeOrder(_ order: [Int64]?, into w: inout ByteWriter) {
        let order = order ?? []
        w.u32(UInt32(order.count))
        for o in order { w.i64(o) }
    }

    static func decodeOrder(from r: inout ByteReader, points: Int) throws(DecodeError) -> [Int64]? {
        let n = try r.count(minItemSize: 8)
        guard n == 0 || n == points else { throw DecodeError("a stroke's order of painting does not fit its points") }
        var order: [Int64] = []
        order.reserveCapacity(n)
        for _ in 0..<n { order.append(try r.i64()) }
        return order
    }

    /// An index written as i64, −1 for none; nil for none, an error for any other negative.
    static func decodeIndex(_ r: inout ByteReader) throws(DecodeError) -> Int? {
        let v = try r.i64()
        guard v >= -1, v <= Int64(Int32.max) else { throw DecodeError("impossible stroke index \(v)") }
        return v < 0 ? nil : Int(v)
    }
}

extension Marble {
    /// One marble's record (versions 3 and 4): its ball (position, velocity), its input (bool,
    /// sample, tool), colour (u32), hold step (i64), pending stroke (bool), movement, open
    /// stroke (i64, −1 for none) and pen (bool open, point, f64 width, f64 arc length, u32 layer).
    func encode(into w: inout ByteWriter) {
        w.vec(ball.position)
        w.vec(ball.velocity)
        w.bool(input != nil)
        let held = input ?? Sample(t: 0, tilt: .zero)
        held.encode(into: &w)
        held.encodeTool(into: &w)
        w.u32(inputColor.packed)
        w.i64(staleStep)
        w.bool(strokePending)
        movement.encode(into: &w)
        w.i64(Int64(openStroke ?? -1))
        w.bool(pen.point != nil)
        w.vec(pen.point ?? .zero)
        w.f64(pen.width)
        w.f64(pen.arcLength)
        w.u32(pen.layer)
    }

    /// A marble's record as `encode` writes it.
    static func decode(from r: inout ByteReader) throws(DecodeError) -> Marble {
        let ball = BallState(position: try r.vec(), velocity: try r.vec())
        let hasInput = try r.bool()
        var input = try Sample.decode(from: &r)
        try input.decodeTool(from: &r)
        let color = RGBA8(packed: try r.u32())
        let staleStep = try r.i64()
        let pending = try r.bool()
        let movement = try MovementMeter.decode(from: &r)
        let openStroke = try Snapshot.decodeIndex(&r)
        let open = try r.bool()
        let point = try r.vec()
        let pen = Canvas.Pen(point: open ? point : nil, width: try r.f64(), arcLength: try r.f64(), layer: try r.u32())
        return Marble(ball: ball, input: hasInput ? input : nil, movement: movement, inputColor: color,
                      staleStep: staleStep, strokePending: pending, openStroke: openStroke, pen: pen)
    }
}
