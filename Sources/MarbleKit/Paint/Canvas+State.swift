/// A canvas's saved values, and a canvas made again from them (see `DrawingSession.State`).
extension Canvas {
    /// What a canvas paints from: its size, its picture, and the layer counter of its strokes.
    ///
    /// A canvas restored from it, with each open stroke's layer cells put back
    /// (`restoreCells`), paints every later piece exactly as this one would. Not in it: the
    /// change log (a restored canvas has changed all over) and the layer cells of closed
    /// strokes, which never match a later stroke's layer and so behave exactly as blank cells do.
    struct State: Equatable, Sendable {
        var width: Int
        var height: Int
        var background: RGBA8
        /// The picture under the paint.
        var board: Board? = nil
        /// RGBA8, rows top to bottom, no padding.
        var pixels: [UInt8]
        /// The highest layer number given to a stroke.
        var layersIssued: UInt32
    }

    /// The canvas as it is now, copied out.
    ///
    /// - Parameter withPixels: false leaves `pixels` empty, for a caller that keeps the picture
    ///   its own way (Watch's keyframes keep it in shared tiles) and puts it back before restoring.
    func state(withPixels: Bool = true) -> State {
        State(width: width, height: height, background: background, board: board, pixels: withPixels ? pixelBytes : [],
              layersIssued: layersIssued)
    }

    /// The layer cells of `pen`'s open stroke `stroke` (none when it has none open): what a
    /// restored canvas needs to paint its next piece exactly. The stroke's points bound the
    /// area searched; without them the whole canvas is, which gives the same cells more slowly.
    func openCells(of pen: Pen, stroke: Stroke?) -> [PixelBuffer.IndexedCell] {
        guard pen.point != nil else { return [] }
        return buffer.cells(ofLayer: pen.layer, in: stroke.flatMap { paintArea(of: $0, width: pen.width) } ?? bounds)
    }

    /// Puts an open stroke's layer cells back (after the picture).
    func restoreCells(_ cells: [PixelBuffer.IndexedCell]) {
        for c in cells { buffer.setCell(c.index, c.cell) }
    }

    /// The pixels that `stroke`, painted at the pen's width, can have touched: its points' box
    /// grown by the pen's radius and a pixel, clipped to the canvas. Nil for a stroke with no point.
    func paintArea(of stroke: Stroke, width penWidth: Double) -> PixelRect? {
        guard let first = stroke.points.first else { return nil }
        var lo = first.position, hi = first.position
        for p in stroke.points {
            lo = Vec2(min(lo.x, p.x), min(lo.y, p.y))
            hi = Vec2(max(hi.x, p.x), max(hi.y, p.y))
        }
        // Paint reaches `penWidth / 2 + 0.5` from a point; a pixel more covers the rounding.
        let r = penWidth / 2 + 1
        let x0 = Int(max(lo.x - r, 0)), y0 = Int(max(lo.y - r, 0))
        let x1 = Int(min(hi.x + r, Double(width))), y1 = Int(min(hi.y + r, Double(height)))
        return PixelRect(x: x0, y: y0, width: max(x1 - x0 + 1, 0), height: max(y1 - y0 + 1, 0))
    }

    /// A canvas exactly as `state` describes it, changed all over (a front end uploads it whole).
    ///
    /// - Throws: `RestoreError` when a value is one no canvas reaches (see `State.validate`).
    convenience init(restoring state: State) throws(RestoreError) {
        try state.validate()
        // Validated: the size is in range and the picture its size.
        self.init(width: state.width, height: state.height, background: state.background, board: state.board, picture: state.pixels)
        layersIssued = state.layersIssued
    }
}

extension Canvas {
    /// Becomes exactly what `state` (a canvas of its size and background) describes, in its
    /// own memory: changed all over, as a restored canvas is.
    ///
    /// A new canvas's pages fault in as they are painted, 16 MB at 1280×800: for Watch's seek,
    /// which restores a keyframe every time, that was a third of the frame. Here they are
    /// already in use, and cleared.
    ///
    /// - Throws: `RestoreError`, the canvas unchanged, for a state `Canvas(restoring:)` refuses
    ///   or one of another size or background.
    func restore(_ state: State) throws(RestoreError) {
        try state.validate()
        guard state.width == width, state.height == height, state.background == background, state.board == board else {
            throw RestoreError("a \(state.width)×\(state.height) canvas restored on a \(width)×\(height) one")
        }
        restorePicture(state.pixels)
        layersIssued = state.layersIssued
    }
}

extension Canvas.State {
    /// Throws when the state holds a value that no canvas reaches, one it could trap on.
    func validate() throws(RestoreError) {
        guard (1...Canvas.maxSide).contains(width), (1...Canvas.maxSide).contains(height) else {
            throw RestoreError("impossible canvas size \(width)×\(height)")
        }
        guard pixels.count == width * height * 4 else {
            throw RestoreError("a picture of \(pixels.count) bytes on a \(width)×\(height) canvas")
        }
        guard layersIssued <= PixelBuffer.maxLayer else { throw RestoreError("impossible layer count") }
        if let board, board.width != width || board.height != height {
            throw RestoreError("a \(board.width)×\(board.height) board on a \(width)×\(height) canvas")
        }
    }
}

extension Canvas.Pen {
    /// Throws when the pen holds a value no pen on a `width`×`height` canvas reaches, or a
    /// layer not yet given out (`layersIssued`), or cells off the canvas.
    func validate(width w: Int, height h: Int, layersIssued: UInt32, cells: [PixelBuffer.IndexedCell]) throws(RestoreError) {
        if let p = point, !(p.isFinite && p.x >= 0 && p.x <= Double(w) && p.y >= 0 && p.y <= Double(h)) {
            throw RestoreError("an open pen off the canvas")
        }
        guard width.isFinite, width > 0, width <= 1000, arcLength.isFinite, arcLength >= 0, layer <= layersIssued else {
            throw RestoreError("impossible pen values")
        }
        let count = w * h
        for c in cells where !(0..<count).contains(c.index) { throw RestoreError("a layer cell outside the canvas") }
    }
}
