/// The pieces every snapshot layout shares: a stroke's points, the history, an open stroke's
/// layer cells.
extension Snapshot {
    /// A stroke's points: u32 count, then x, y (f64) and colour (u32) each.
    static func encodePoints(_ points: StrokePoints, into w: inout ByteWriter) {
        w.u32(UInt32(points.count))
        w.append(count: points.count * 20) { out in
            for (k, p) in points.enumerated() {
                out.storeBytes(of: p.x.bitPattern.littleEndian, toByteOffset: k * 20, as: UInt64.self)
                out.storeBytes(of: p.y.bitPattern.littleEndian, toByteOffset: k * 20 + 8, as: UInt64.self)
                out.storeBytes(of: p.color.packed.littleEndian, toByteOffset: k * 20 + 16, as: UInt32.self)
            }
        }
    }

    /// The history and the undone steps: u32 count, then a stroke index each (u32, max for a clear).
    static func encodeHistory(_ state: DrawingSession.State, into w: inout ByteWriter) {
        for steps in [state.history, state.undone] {
            w.u32(UInt32(steps.count))
            for step in steps {
                switch step {
                case .stroke(let i): w.u32(UInt32(i))
                case .clear: w.u32(.max)
                }
            }
        }
    }

    /// An open stroke's layer cells: u32 count, then u32 index, u32 base, u32 key, f32 stamp each.
    static func encodeCells(_ cells: [PixelBuffer.IndexedCell], into w: inout ByteWriter,
                            drained: (inout ByteWriter) -> Void = { _ in }) {
        w.u32(UInt32(cells.count))
        for (k, c) in cells.enumerated() {
            w.u32(UInt32(c.index))
            w.u32(c.cell.base)
            w.u32(c.cell.key)
            w.f32(c.cell.stamp)
            // A stroke open for hours has a layer over the whole canvas: 16 MB of cells at
            // 1280×800, offered in pieces like the rest (the soak's heap peak was here).
            if k & 0xFFFF == 0xFFFF { drained(&w) }
        }
    }

    /// A stroke's points as `encodePoints` writes them.
    static func decodePoints(from r: inout ByteReader) throws(DecodeError) -> StrokePoints {
        let n = try r.count(minItemSize: 20)
        return try r.withRaw(n * 20) { raw in
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
    }

    /// The history and the undone steps as `encodeHistory` writes them.
    static func decodeHistory(from r: inout ByteReader) throws(DecodeError) -> ([DrawingSession.EditStep], [DrawingSession.EditStep]) {
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
        return (lists[0], lists[1])
    }

    /// An open stroke's layer cells as `encodeCells` writes them.
    static func decodeCells(from r: inout ByteReader) throws(DecodeError) -> [PixelBuffer.IndexedCell] {
        let cellCount = try r.count(minItemSize: 16)
        var cells: [PixelBuffer.IndexedCell] = []
        cells.reserveCapacity(cellCount)
        for _ in 0..<cellCount {
            let i = Int(try r.u32())
            cells.append(PixelBuffer.IndexedCell(
                index: i, cell: PixelBuffer.LayerCell(base: try r.u32(), key: try r.u32(), stamp: try r.f32())))
        }
        return cells
    }
}
