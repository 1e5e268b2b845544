/// A marble's input and trail: its samples applied, its strokes begun, grown and ended, each
/// with its own pen.
extension DrawingSession {
    /// Makes `s` marble `k`'s input: pen changes start or end its strokes at its ball's position.
    ///
    /// A new tool (eraser on or off, another width or opacity) with the pen down ends the
    /// stroke; the next one starts once the ball moves: a stroke has one width and one ink, and
    /// an eraser pass is a stroke of its own for undo.
    ///
    /// `s` also counts on the marble's movement meter. The marble is changed in one access
    /// (`Marble.take`): each access to the session's `marbles` is checked at run time.
    func apply(_ s: Sample, to k: Int) {
        let old = marbles[k].input
        let wasDown = old?.penDown ?? false
        let toolChanged = old.map {
            $0.erase != s.erase || $0.ink != s.ink
                || Marble.penWidth(of: $0, configuration) != Marble.penWidth(of: s, configuration)
        } ?? false
        let color = s.heading != old?.heading || old == nil ? HeadingColor.color(heading: s.heading) : nil
        if toolChanged && wasDown && s.penDown && marbles[k].pen.isOpen {
            // The stroke's last piece is in the new heading's colour. The next stroke starts
            // when the ball moves, as after an edit: switching tools at rest (X, then 3) leaves
            // no dots to undo one by one.
            if let color { marbles[k].inputColor = color }
            finishStroke(k, inStep: false)
            marbles[k].strokePending = true
        }
        let holdSteps = SessionConfiguration.holdLimit * Double(SessionConfiguration.stepsPerSecond)
        let staleStep = Int64(Maths.ceil((s.t - (clock.origin ?? s.t)) * Double(SessionConfiguration.stepsPerSecond) + holdSteps))
        marbles[k].take(s, color: color, staleStep: staleStep)
        if s.penDown && !wasDown {
            startStroke(k, inStep: false)
        } else if !s.penDown && wasDown {
            finishStroke(k, inStep: false)
            marbles[k].strokePending = false
        }
    }

    /// After a step: marble `k`'s trail follows its ball (a piece once it has gone
    /// `pieceLength`), or its pending stroke starts.
    @inline(__always)
    func paintStep(_ k: Int, inStep: Bool) {
        if let last = marbles[k].pen.point {
            let p = marbles[k].ball.position
            if (p - last).length >= SessionConfiguration.pieceLength {
                extendStroke(k, to: p, inStep: inStep)
            }
        } else if marbles[k].strokePending {
            marbles[k].strokePending = false
            startStroke(k, inStep: inStep)
        }
    }

    /// Where a piece painted now falls in the order of painting: by step; within a step, what
    /// the step paints before what a row applied after it paints; then by marble.
    ///
    /// Two-marble drawings of earlier builds counted `step·4`: their pieces still come first,
    /// as they were painted first (a later step's `step·8` is larger).
    func paintOrder(marble k: Int, inStep: Bool) -> Int64 {
        clock.steps * 8 + (inStep ? 0 : 4) + Int64(k)
    }

    func startStroke(_ k: Int, inStep: Bool) {
        forgetUndone()
        // The canvas shows exactly the history so far when no stroke is open: a picture to undo
        // back to. Not while another marble's stroke is open: it is in the history but not all
        // painted.
        if !marbles.contains(where: \.pen.isOpen) { undoBases.record(steps: history.count, canvas: canvas) }
        let p = marbles[k].ball.position
        let color = marbles[k].paintColor(configuration), width = marbles[k].penWidth(configuration)
        history.append(.stroke(strokes.count))
        marbles[k].openStroke = strokes.count
        canvas.beginStroke(at: p, color: color, width: width, ink: marbles[k].ink, pen: &marbles[k].pen)
        // The ink the canvas took (wiping only where there is a board to wipe back to).
        strokes.append(Stroke(width: width, points: [StrokePoint(x: p.x, y: p.y, color: color)], marble: k,
                              order: marbles.count > 1 ? [paintOrder(marble: k, inStep: inStep)] : nil, ink: marbles[k].pen.ink))
    }

    func extendStroke(_ k: Int, to p: Vec2, inStep: Bool) {
        guard let i = marbles[k].openStroke else { return }
        let color = marbles[k].paintColor(configuration)
        strokes[i].points.append(StrokePoint(x: p.x, y: p.y, color: color))
        if marbles.count > 1 { strokes[i].order?.append(paintOrder(marble: k, inStep: inStep)) }
        canvas.continueStroke(to: p, color: color, pen: &marbles[k].pen)
    }

    /// Ends marble `k`'s open stroke where its ball is, adding the last short piece if it moved.
    func finishStroke(_ k: Int, inStep: Bool) {
        if let last = marbles[k].pen.point, marbles[k].ball.position != last {
            extendStroke(k, to: marbles[k].ball.position, inStep: inStep)
        }
        canvas.endStroke(pen: &marbles[k].pen)
        // Done growing: its arrays give back what doubling left spare.
        if let i = marbles[k].openStroke { strokes[i].points.shrinkToFit() }
        marbles[k].openStroke = nil
    }
}
