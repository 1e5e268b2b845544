/// Painting two marbles' strokes again, as they were painted: piece by piece, interleaved.
///
/// Two strokes painted at once cross with each piece on top of what was there a step before:
/// painting one whole and then the other would lay the second all over the first where they
/// cross. So each point keeps its place in the order of painting (`Stroke.order`), and undo,
/// redo and clear paint the pieces again in that order, each marble's with its own pen.
extension DrawingSession {
    /// Paints the strokes at `indices` (closed ones: an edit closes both marbles' first) in the
    /// order their points were painted.
    func paintInOrder(_ indices: [Int]) {
        var events: [(order: Int64, stroke: Int, point: Int)] = []
        for i in indices {
            let order = strokes[i].order ?? []
            // Every point of a two-marble drawing's stroke has its place; one without (there is
            // none) is painted after the rest, in its own order.
            for p in 0..<strokes[i].points.count {
                events.append((p < order.count ? order[p] : .max, i, p))
            }
        }
        events.sort { ($0.order, $0.stroke, $0.point) < ($1.order, $1.stroke, $1.point) }
        var iterators: [Int: StrokePoints.Iterator] = [:]
        var otherPen = Canvas.Pen()
        for e in events {
            // The second marble's points (odd places) go with the other pen.
            let other = e.order != .max && e.order & 1 == 1
            if other { canvas.swapPen(&otherPen) }
            if iterators[e.stroke] == nil { iterators[e.stroke] = strokes[e.stroke].points.makeIterator() }
            if let point = iterators[e.stroke]!.next() {
                if e.point == 0 {
                    canvas.beginStroke(at: point.position, color: point.color, width: strokes[e.stroke].width)
                } else {
                    canvas.continueStroke(to: point.position, color: point.color)
                }
                if e.point == strokes[e.stroke].points.count - 1 { canvas.endStroke() }
            }
            if other { canvas.swapPen(&otherPen) }
        }
    }
}
