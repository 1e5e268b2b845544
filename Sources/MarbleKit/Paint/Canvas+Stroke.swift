/// Painting trails: anti-aliased, round-capped, seam-free.
///
/// A trail's coverage at a pixel centre is `clamp(w/2 + 0.5 − d, 0, 1)`, where `d` is the
/// distance to the trail. Within one stroke pieces combine by `max`, and the max over pieces of
/// a falling function of distance is that function of the distance to their union: a line
/// painted as thousands of tiny steps gets the same coverage as the line painted in one go,
/// with no beads at the joints. Summed across a line this ramp gives exactly the pen width at
/// any sub-pixel offset (the box of width w convolved with a one-pixel box).
///
/// A stroke that comes back over itself after travelling more than the pen's diameter paints
/// a new layer on top, so crossings show the newer colour.
///
/// The canvas holds no pen: each painter keeps its own (`Pen`: where its open stroke is, its
/// width, how far it has gone, its layer) and passes it in, so several marbles paint one
/// picture, each its own open stroke, and nothing is swapped.
extension Canvas {
    /// Starts a stroke at `point` with `pen` in `ink`, painting a round dot there. Wiping
    /// needs a board: without one the stroke paints `color` (the eraser's background).
    public func beginStroke(at point: Vec2, color: RGBA8, width: Double, ink: Ink = .opaque, pen: inout Pen) {
        if layersIssued >= PixelBuffer.maxLayer {
            // 16 million strokes later the counter wraps: old layers must not look current.
            buffer.forgetLayers()
            layersIssued = 0
        }
        layersIssued += 1
        pen.layer = layersIssued
        pen.width = width
        pen.ink = Ink(alpha: ink.alpha, wipes: ink.wipes && board != nil)
        pen.arcLength = 0
        pen.point = point
        paintPiece(from: point, to: point, color: color, pen: pen)
    }

    /// Extends `pen`'s open stroke to `point`. Does nothing when it has none open.
    public func continueStroke(to point: Vec2, color: RGBA8, pen: inout Pen) {
        guard let from = pen.point else { return }
        paintPiece(from: from, to: point, color: color, pen: pen, continuing: true)
        pen.arcLength += (point - from).length
        pen.point = point
    }

    /// Closes `pen`'s open stroke.
    public func endStroke(pen: inout Pen) {
        pen.point = nil
    }

    /// Paints a whole stroke with `pen` as `beginStroke` and `continueStroke` would, and closes it.
    func draw(_ stroke: Stroke, pen: inout Pen) {
        // One pass of the points' own iterator: a slice of them would look each colour up.
        var points = stroke.points.makeIterator()
        guard let first = points.next() else { return }
        beginStroke(at: first.position, color: first.color, width: stroke.width, ink: stroke.ink, pen: &pen)
        while let p = points.next() {
            continueStroke(to: p.position, color: p.color, pen: &pen)
        }
        endStroke(pen: &pen)
    }

    // MARK: - Rasterizing one piece

    /// Paints the capsule around `p0`–`p1` in `pen`'s layer.
    ///
    /// A piece that continues a stroke skips the pixels nearest its start point (`u ≤ 0`): the
    /// piece before ended there and already gave them at least as much coverage, and under
    /// `max` they cannot change. That is a third of the pixels a short piece touches.
    func paintPiece(from p0: Vec2, to p1: Vec2, color: RGBA8, pen: Pen, continuing: Bool = false) {
        guard p0.isFinite, p1.isFinite else { return }
        let outer = pen.width / 2 + 0.5          // coverage reaches 0 here
        let painter = PiecePainter(p0: p0, p1: p1, outer: outer, continues: continuing, color: color.packed,
                                   layer: pen.layer, arc: pen.arcLength, alpha: UInt32(pen.ink.alpha),
                                   source: pen.ink.wipes ? buffer.board : nil, lines: buffer.lines, planes: buffer.planes)
        let skipStart = painter.skipStart

        // Rows whose centres can be within `outer` of the piece, clipped to the canvas
        // (clamped as Doubles first: a far-off point must not overflow Int).
        let h = Double(height), w = Double(width)
        // Without the start cap, p0 reaches only outer·|ux| up or down (the body's corners);
        // a hair more keeps every row whose span the rounding might leave non-empty.
        // (|dx| / len is at most 1; for a far-off piece it is inf/inf, NaN, and the full
        // reach is used: a NaN row bound would trap.)
        let ratio = abs(painter.dx) / painter.len
        let startReach = skipStart && ratio <= 1 ? outer * ratio + 1e-9 : outer
        let rowLo = ceilInt(clamp(min(p0.y - startReach, p1.y - outer) - 0.5, 0, h))
        let rowHi = floorInt(clamp(max(p0.y + startReach, p1.y + outer) - 0.5, -1, h - 1))
        guard rowLo <= rowHi, min(p0.x, p1.x) - outer < w, max(p0.x, p1.x) + outer > 0 else { return }

        let span = PieceSpan(p0: p0, p1: p1, length: painter.len, radius: outer, onlyAhead: skipStart)
        var colLo = Int.max, colHi = Int.min
        // Rows four at a time: their spans in vector lanes, then each row's pixels.
        var group = rowLo
        while group <= rowHi {
            let rows = span.columns(rows: group, width: w)
            for k in 0..<min(4, rowHi &- group &+ 1) {
                let i0 = Int(truncatingIfNeeded: rows.first[k]), i1 = Int(truncatingIfNeeded: rows.last[k])
                guard i0 <= i1 else { continue }
                colLo = min(colLo, i0)
                colHi = max(colHi, i1)
                let j = group &+ k
                painter.paintRow(j, from: i0, through: i1, rowStart: j &* width)
            }
            group &+= 4
        }
        if colLo <= colHi {
            changeLog.note(PixelRect(x: colLo, y: rowLo, width: colHi - colLo + 1, height: rowHi - rowLo + 1))
        }
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
