/// One piece of trail waiting to be painted: its ends, its colour and its pen's values then.
///
/// Painted by `paint(_:on:)`, all its rows or only those of some bands (`RowBands`), so two
/// threads can each paint their own rows of the same pieces (see `PieceQueue`).
struct QueuedPiece {
    var p0: Vec2
    var p1: Vec2
    var color: UInt32
    /// The pen's layer and arc length when the piece was painted.
    var layer: UInt32
    var arc: Double
    /// Where coverage reaches 0: half the pen's width and half a pixel.
    var outer: Double
    /// The ink's opacity in 255ths, and whether it wipes back to the board.
    var alpha: UInt8
    var wipes: Bool
    /// Whether the piece continues a stroke (and leaves its start to the piece before).
    var continuing: Bool
}

/// The rows a thread paints: bands of `rows` rows, every `of`th band from band `first` on.
struct RowBands {
    var rows: Int
    var first: Int
    var of: Int

    /// Every row, one thread.
    static let all = RowBands(rows: Int.max / 2, first: 0, of: 1)

    /// Whether any of rows `lo ... hi` is in these bands.
    func reach(_ lo: Int, _ hi: Int) -> Bool {
        let b0 = lo / rows, b1 = hi / rows
        if b1 - b0 + 1 >= of { return true }
        return (b0...b1).contains { $0 % of == first }
    }
}

/// Where a piece painted, over the rows a thread painted.
///
/// Columns `colLo ... colHi` (none when colLo > colHi) of rows `rowLo ... rowHi`: the piece's
/// rows, painted or not, as the change log notes them.
struct PieceArea {
    var colLo = Int32.max, colHi = Int32.min
    var rowLo: Int32 = 0, rowHi: Int32 = -1

    /// The area to note in the change log, or nil when nothing was painted.
    var rect: PixelRect? {
        colLo <= colHi ? PixelRect(x: Int(colLo), y: Int(rowLo), width: Int(colHi - colLo) + 1, height: Int(rowHi - rowLo) + 1) : nil
    }

    /// Both threads' columns of one piece (its rows are the same in both).
    func merged(_ other: PieceArea) -> PieceArea {
        PieceArea(colLo: min(colLo, other.colLo), colHi: max(colHi, other.colHi), rowLo: rowLo, rowHi: rowHi)
    }
}

/// What pieces are painted on: a canvas's planes, its board and its lines, and its size.
struct PaintTarget {
    let planes: PixelBuffer.Planes
    let board: UnsafeMutablePointer<UInt32>?
    let lines: UnsafeMutablePointer<Int32>?
    let width: Int
    let height: Int
}

extension QueuedPiece {
    /// Paints the capsule around `p0`–`p1` in the piece's layer, on the rows of `bands` only.
    ///
    /// A piece that continues a stroke skips the pixels nearest its start point (`u ≤ 0`): the
    /// piece before ended there and already gave them at least as much coverage, and under
    /// `max` they cannot change. That is a third of the pixels a short piece touches.
    ///
    /// Every pixel is computed from its row and column alone, so painting the rows in bands,
    /// in any grouping, paints exactly the pixels painting them all at once does.
    func paint(_ bands: RowBands, on target: PaintTarget) -> PieceArea {
        // The piece's length as its painter works it out (the same expression, the same Double).
        let dx = p1.x - p0.x, dy = p1.y - p0.y
        let len = Maths.squareRoot(dx * dx + dy * dy)
        let skipStart = continuing && dx * dx + dy * dy > 0

        // Rows whose centres can be within `outer` of the piece, clipped to the canvas
        // (clamped as Doubles first: a far-off point must not overflow Int).
        let h = Double(target.height), w = Double(target.width)
        // Without the start cap, p0 reaches only outer·|ux| up or down (the body's corners);
        // a hair more keeps every row whose span the rounding might leave non-empty.
        // (|dx| / len is at most 1; for a far-off piece it is inf/inf, NaN, and the full
        // reach is used: a NaN row bound would trap.)
        let ratio = abs(dx) / len
        let startReach = skipStart && ratio <= 1 ? outer * ratio + 1e-9 : outer
        let rowLo = ceilInt(clamp(min(p0.y - startReach, p1.y - outer) - 0.5, 0, h))
        let rowHi = floorInt(clamp(max(p0.y + startReach, p1.y + outer) - 0.5, -1, h - 1))
        var area = PieceArea()
        guard rowLo <= rowHi, min(p0.x, p1.x) - outer < w, max(p0.x, p1.x) + outer > 0 else { return area }
        area.rowLo = Int32(truncatingIfNeeded: rowLo)
        area.rowHi = Int32(truncatingIfNeeded: rowHi)
        // A piece wholly in other threads' bands costs this thread nothing more.
        guard bands.reach(rowLo, rowHi) else { return area }

        let painter = PiecePainter(p0: p0, p1: p1, outer: outer, continues: continuing, color: color,
                                   layer: layer, arc: arc, alpha: UInt32(alpha),
                                   source: wipes ? target.board : nil, lines: target.lines, planes: target.planes)
        let span = PieceSpan(p0: p0, p1: p1, length: painter.segment.len, radius: outer, onlyAhead: skipStart)
        let width = target.width
        // With other threads painting the next band, a four-pixel store must not reach into it
        // (it would write back pixels there as it read them): on a wide canvas only a band's
        // last row's last store could, on one a few pixels wide any row's.
        let shared = bands.of > 1
        var band = rowLo / bands.rows
        while band &* bands.rows <= rowHi {
            defer { band &+= 1 }
            guard band % bands.of == bands.first else { continue }
            let bandEnd = band &* bands.rows &+ bands.rows &- 1
            let lo = max(rowLo, band &* bands.rows), hi = min(rowHi, bandEnd)
            // Rows four at a time: their spans in vector lanes, then each row's pixels.
            var group = lo
            while group <= hi {
                let rows = span.columns(rows: group, width: w)
                for k in 0..<min(4, hi &- group &+ 1) {
                    let i0 = Int(truncatingIfNeeded: rows.first[k]), i1 = Int(truncatingIfNeeded: rows.last[k])
                    guard i0 <= i1 else { continue }
                    area.colLo = min(area.colLo, Int32(truncatingIfNeeded: i0))
                    area.colHi = max(area.colHi, Int32(truncatingIfNeeded: i1))
                    let j = group &+ k
                    let rowStart = j &* width
                    painter.paintRow(j, from: i0, through: i1, rowStart: rowStart,
                                     end: shared ? (bandEnd &+ 1) &* width : Int.max)
                }
                group &+= 4
            }
        }
        return area
    }
}

/// ⌊x⌋ for a finite x in Int's range, without a libm call (baseline x86-64 has no rounding instruction).
@inline(__always)
private func floorInt(_ x: Double) -> Int {
    let t = Int(x)
    return Double(t) > x ? t - 1 : t
}

/// ⌈x⌉ for a finite x in Int's range, without a libm call.
@inline(__always)
private func ceilInt(_ x: Double) -> Int {
    let t = Int(x)
    return Double(t) < x ? t + 1 : t
}

@inline(__always)
private func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double {
    x < lo ? lo : (x > hi ? hi : x)
}
