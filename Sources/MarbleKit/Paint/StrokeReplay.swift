/// Strokes painted again as they were painted: what undo, redo, clear and Watch repaint with.
///
/// One marble's strokes were painted one after the other, so they are painted again so. Several
/// marbles' strokes were painted at once, piece by piece: painting one whole and then another
/// would lay the later all over the earlier where they cross. So each point of theirs keeps its
/// place in the order of painting (`Stroke.order`), and they are painted again piece by piece
/// in that order, each stroke with its own marble's pen.
enum StrokeReplay {
    /// Paints the closed strokes `indices` (in the order they began) of `strokes` on `canvas`,
    /// stroke `s` with `pens[s.marble]`. `whole(n)` hears each moment the first `n` of them
    /// are painted whole and no later one is begun: the canvas then shows exactly those.
    static func paint(_ indices: [Int], of strokes: [Stroke], on canvas: Canvas, pens: inout [Canvas.Pen],
                      whole: (Int) -> Void = { _ in }) {
        guard !pens.isEmpty else { return }
        if indices.allSatisfy({ strokes[$0].order == nil }) {
            for (n, i) in indices.enumerated() {
                canvas.draw(strokes[i], pen: &pens[min(strokes[i].marble, pens.count - 1)])
                whole(n + 1)
            }
            return
        }
        var events: [(order: Int64, stroke: Int, point: Int)] = []
        for i in indices {
            let order = strokes[i].order ?? []
            // Every point of a drawing of several marbles has its place; one without (there is
            // none) is painted after the rest, in its own order.
            for p in 0..<strokes[i].points.count {
                events.append((p < order.count ? order[p] : .max, i, p))
            }
        }
        events.sort { ($0.order, $0.stroke, $0.point) < ($1.order, $1.stroke, $1.point) }
        // Where each stroke's points are read from, and how many strokes are open and done.
        var iterators: [Int: StrokePoints.Iterator] = [:]
        var open = 0, done = 0
        // A stroke with no point (none is made so) is never done: then no moment is reported.
        let reports = indices.allSatisfy { !strokes[$0].points.isEmpty }
        for e in events {
            let stroke = strokes[e.stroke]
            let m = min(stroke.marble, pens.count - 1)
            if iterators[e.stroke] == nil { iterators[e.stroke] = stroke.points.makeIterator() }
            guard let point = iterators[e.stroke]!.next() else { continue }
            if e.point == 0 {
                canvas.beginStroke(at: point.position, color: point.color, width: stroke.width, ink: stroke.ink, pen: &pens[m])
                open += 1
            } else {
                canvas.continueStroke(to: point.position, color: point.color, pen: &pens[m])
            }
            if e.point == stroke.points.count - 1 {
                canvas.endStroke(pen: &pens[m])
                open -= 1
                done += 1
                // Strokes begin in the order of `indices`: with none open, the done ones are its first.
                if open == 0 && reports { whole(done) }
            }
        }
    }
}
