/// What a two-marble session saves besides one marble's values, and how it is put back.
extension DrawingSession.State {
    /// The second marble, and what two pens on one canvas add: in a two-marble `State` only.
    struct Duet: Equatable, Sendable {
        var second: SecondMarble
        /// The second marble's open stroke's layer cells (the first's are `canvas.cells`).
        var secondCells: [PixelBuffer.IndexedCell]
        /// Marble 1's open stroke, which need not be the last with two.
        var openStroke: Int?
        /// The highest layer number given (`Canvas.layersIssued`).
        var layersIssued: UInt32
    }

    /// Throws when the second marble's values are ones no session reaches (indices past the
    /// strokes, a ball outside the walls, cells off the canvas, non-finite numbers).
    func validateDuet() throws(RestoreError) {
        guard let duet else {
            if configuration.marbles != 1 { throw RestoreError("a two-marble drawing without its second marble") }
            return
        }
        guard configuration.marbles == 2 else { throw RestoreError("a second marble in a one-marble drawing") }
        let m = duet.second
        for i in [duet.openStroke, m.openStroke].compactMap({ $0 }) where !strokes.indices.contains(i) {
            throw RestoreError("an open stroke \(i) of \(strokes.count)")
        }
        let walls = Kinematics(mode: configuration.mode, parameters: configuration.parameters, dt: 1,
                               canvasWidth: configuration.canvasWidth, canvasHeight: configuration.canvasHeight).bounds
        let slack = 1e-6
        guard m.ball.position.isFinite, m.ball.velocity.isFinite, m.staleStep >= 0,
              m.ball.position.x >= walls.lo.x - slack, m.ball.position.x <= walls.hi.x + slack,
              m.ball.position.y >= walls.lo.y - slack, m.ball.position.y <= walls.hi.y + slack else {
            throw RestoreError("a second ball outside the walls")
        }
        if let input = m.input {
            // Its time is marble 1's row's: on the clock, as marble 1's input is.
            guard let origin, (0...SessionConfiguration.maxDuration).contains(input.t - origin),
                  input.tilt.isFinite, input.tilt.length <= 1 + 1e-9, (0..<360).contains(input.heading),
                  input.width.map(Sample.widthRange.contains) ?? true else {
                throw RestoreError("an input no sample gives for the second marble")
            }
        }
        let pen = m.pen
        let w = Double(configuration.canvasWidth), h = Double(configuration.canvasHeight)
        if let p = pen.point, !(p.x >= 0 && p.x <= w && p.y >= 0 && p.y <= h) { throw RestoreError("the second pen off the canvas") }
        guard pen.width.isFinite, pen.width > 0, pen.width <= 1000, pen.arcLength.isFinite, pen.arcLength >= 0,
              pen.layer <= duet.layersIssued, canvas.layerSerial <= duet.layersIssued,
              duet.layersIssued <= PixelBuffer.maxLayer else {
            throw RestoreError("impossible second pen values")
        }
        if let why = m.movement.validationError { throw RestoreError(why) }
        let count = configuration.canvasWidth * configuration.canvasHeight
        for c in duet.secondCells where !(0..<count).contains(c.index) { throw RestoreError("a layer cell outside the canvas") }
    }
}

extension DrawingSession {
    /// The two-marble part of the state now; nil with one marble.
    func duetState() -> State.Duet? {
        guard var other = second else { return nil }
        var cells: [PixelBuffer.IndexedCell] = []
        if other.pen.point != nil {
            // Its pen in hand for a moment: the area its stroke can have painted is its width's.
            canvas.swapPen(&other.pen)
            let area = other.openStroke.flatMap { strokes.indices.contains($0) ? canvas.paintArea(of: strokes[$0]) : nil } ?? canvas.bounds
            cells = canvas.buffer.cells(ofLayer: canvas.layerSerial, in: area)
            canvas.swapPen(&other.pen)
        }
        return State.Duet(second: other, secondCells: cells, openStroke: openStroke, layersIssued: canvas.layersIssued)
    }

    /// Puts the two-marble part of a state back (after the canvas and marble 1's values).
    func restoreDuet(_ duet: State.Duet?) {
        guard let duet else { return }
        second = duet.second
        openStroke = duet.openStroke
        canvas.layersIssued = duet.layersIssued
        for c in duet.secondCells { canvas.buffer.setCell(c.index, c.cell) }
    }
}
