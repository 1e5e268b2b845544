/// Version 3 of a state's layout: a two-marble drawing's second marble, after version 2's.
///
/// Layout (little-endian, after the version 2 state): u8 marbles (2); the second marble's ball
/// (position, velocity), its input (bool, sample, tool), colour (u32), hold step (i64), pending
/// stroke (bool), movement, open stroke (i64, −1 for none) and pen (bool open, point, f64 width,
/// f64 arc length, u32 layer); marble 1's open stroke (i64, −1); the layers issued (u32); each
/// stroke's order of painting (u32 count, 0 or its points', then i64s); the second pen's layer
/// cells (u32 count, then u32 index, u32 base, u32 key, f32 stamp).
extension Snapshot {
    static func encodeDuet(_ duet: DrawingSession.State.Duet, strokes: [Stroke], into w: inout ByteWriter) {
        let m = duet.second
        w.u8(2)
        w.vec(m.ball.position)
        w.vec(m.ball.velocity)
        w.bool(m.input != nil)
        let input = m.input ?? Sample(t: 0, tilt: .zero)
        input.encode(into: &w)
        input.encodeTool(into: &w)
        w.u32(m.inputColor.packed)
        w.i64(m.staleStep)
        w.bool(m.strokePending)
        m.movement.encode(into: &w)
        w.i64(Int64(m.openStroke ?? -1))
        w.bool(m.pen.point != nil)
        w.vec(m.pen.point ?? .zero)
        w.f64(m.pen.width)
        w.f64(m.pen.arcLength)
        w.u32(m.pen.layer)
        w.i64(Int64(duet.openStroke ?? -1))
        w.u32(duet.layersIssued)
        for s in strokes {
            let order = s.order ?? []
            w.u32(UInt32(order.count))
            for o in order { w.i64(o) }
        }
        w.u32(UInt32(duet.secondCells.count))
        for c in duet.secondCells {
            w.u32(UInt32(c.index))
            w.u32(c.cell.base)
            w.u32(c.cell.key)
            w.f32(c.cell.stamp)
        }
    }

    /// Reads the version 3 part into `state`: its `duet`, each stroke's order, and the
    /// configuration's marble count.
    static func decodeDuet(from r: inout ByteReader, into state: inout DrawingSession.State) throws(DecodeError) {
        guard try r.u8() == 2 else { throw DecodeError("a drawing of one marble or two") }
        var m = SecondMarble(ball: BallState(position: try r.vec(), velocity: try r.vec()))
        let hasInput = try r.bool()
        var input = try Sample.decode(from: &r)
        try input.decodeTool(from: &r)
        m.input = hasInput ? input : nil
        m.inputColor = RGBA8(packed: try r.u32())
        m.staleStep = try r.i64()
        m.strokePending = try r.bool()
        m.movement = try MovementMeter.decode(from: &r)
        m.openStroke = try index(&r)
        let open = try r.bool()
        let point = try r.vec()
        m.pen = Canvas.Pen(point: open ? point : nil, width: try r.f64(), arcLength: try r.f64(), layer: try r.u32())
        let openStroke = try index(&r)
        let layers = try r.u32()
        for k in state.strokes.indices {
            let n = try r.count(minItemSize: 8)
            guard n == 0 || n == state.strokes[k].points.count else { throw DecodeError("a stroke's order of painting does not fit its points") }
            var order: [Int64] = []
            order.reserveCapacity(n)
            for _ in 0..<n { order.append(try r.i64()) }
            state.strokes[k].order = order
        }
        let cellCount = try r.count(minItemSize: 16)
        var cells: [PixelBuffer.IndexedCell] = []
        cells.reserveCapacity(cellCount)
        for _ in 0..<cellCount {
            let i = Int(try r.u32())
            cells.append(PixelBuffer.IndexedCell(index: i, cell: PixelBuffer.LayerCell(base: try r.u32(), key: try r.u32(), stamp: try r.f32())))
        }
        state.configuration.marbles = 2
        state.duet = DrawingSession.State.Duet(second: m, secondCells: cells, openStroke: openStroke, layersIssued: layers)
    }

    /// An index written as i64, −1 for none; nil for none, an error for any other negative.
    private static func index(_ r: inout ByteReader) throws(DecodeError) -> Int? {
        let v = try r.i64()
        guard v >= -1, v <= Int64(Int32.max) else { throw DecodeError("impossible stroke index \(v)") }
        return v < 0 ? nil : Int(v)
    }
}
