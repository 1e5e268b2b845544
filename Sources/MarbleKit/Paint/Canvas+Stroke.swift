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

    // MARK: - Queueing one piece

    /// Paints the capsule around `p0`–`p1` in `pen`'s layer (`QueuedPiece.paint`): queued, and
    /// painted before anything reads or changes the canvas (see PieceQueue.swift).
    func paintPiece(from p0: Vec2, to p1: Vec2, color: RGBA8, pen: Pen, continuing: Bool = false) {
        guard p0.isFinite, p1.isFinite else { return }
        let piece = QueuedPiece(p0: p0, p1: p1, color: color.packed, layer: pen.layer, arc: pen.arcLength,
                                outer: pen.width / 2 + 0.5, alpha: pen.ink.alpha, wipes: pen.ink.wipes,
                                continuing: continuing)
        queue(piece)
    }
}
