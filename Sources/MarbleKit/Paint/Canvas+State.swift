/// A canvas's saved values, and a canvas made again from them (see `DrawingSession.State`).
extension Canvas {
    /// What a canvas paints from: its size, its picture, and the pen and layer of its strokes.
    ///
    /// A canvas restored from it paints every later piece exactly as this one would. Not in it:
    /// the change log (a restored canvas has changed all over) and the layer cells of strokes
    /// other than the open one, which never match a later stroke's layer and so behave exactly
    /// as blank cells do.
    struct State: Equatable, Sendable {
        var width: Int
        var height: Int
        var background: RGBA8
        /// RGBA8, rows top to bottom, no padding.
        var pixels: [UInt8]
        /// The open stroke's last point; nil when no stroke is open.
        var penPoint: Vec2?
        // The last stroke's width and arc length, and the layer number of the last stroke: kept
        // after it closes, since the next stroke's layer follows on from it.
        var penWidth: Double
        var arcLength: Double
        var layerSerial: UInt32
        /// The open stroke's layer cells, in pixel order; empty when no stroke is open.
        var cells: [PixelBuffer.IndexedCell]
    }

    /// The canvas as it is now, copied out (the pixels and the open stroke's cells).
    ///
    /// - Parameter openStroke: the stroke being painted, if one is open (ignored otherwise).
    ///   Its points bound the area its layer's cells lie in; without it the whole canvas is
    ///   searched, which gives the same cells more slowly.
    /// - Parameter withPixels: false leaves `pixels` empty, for a caller that keeps the picture
    ///   its own way (Watch's keyframes keep it in shared tiles) and puts it back before restoring.
    func state(openStroke: Stroke?, withPixels: Bool = true) -> State {
        var cells: [PixelBuffer.IndexedCell] = []
        if penPoint != nil {
            cells = buffer.cells(ofLayer: layerSerial, in: openStroke.flatMap(paintArea(of:)) ?? bounds)
        }
        return State(width: width, height: height, background: background, pixels: withPixels ? pixelBytes : [],
                     penPoint: penPoint, penWidth: penWidth, arcLength: arcLength, layerSerial: layerSerial,
                     cells: cells)
    }

    /// The pixels that `stroke`, painted at the pen's width, can have touched: its points' box
    /// grown by the pen's radius and a pixel, clipped to the canvas. Nil for a stroke with no point.
    func paintArea(of stroke: Stroke) -> PixelRect? {
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
        self.init(width: state.width, height: state.height, background: state.background, picture: state.pixels)
        restorePen(state)
    }

    /// The open stroke's cells and the pen, as `state` has them (the picture is in place).
    private func restorePen(_ state: State) {
        for c in state.cells { buffer.setCell(c.index, c.cell) }
        penPoint = state.penPoint
        penWidth = state.penWidth
        arcLength = state.arcLength
        layerSerial = state.layerSerial
        layersIssued = state.layerSerial
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
        guard state.width == width, state.height == height, state.background == background else {
            throw RestoreError("a \(state.width)×\(state.height) canvas restored on a \(width)×\(height) one")
        }
        restorePicture(state.pixels)
        restorePen(state)
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
        guard layerSerial <= PixelBuffer.maxLayer, penPoint?.isFinite ?? true,
              penWidth.isFinite, penWidth > 0, penWidth <= 1000, arcLength.isFinite, arcLength >= 0 else {
            throw RestoreError("impossible pen values")
        }
        let count = width * height
        for c in cells where !(0..<count).contains(c.index) {
            throw RestoreError("a layer cell outside the canvas")
        }
    }
}
