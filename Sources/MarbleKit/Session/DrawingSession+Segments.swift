/// New trail pieces since the front end last asked: what to draw or animate next.
extension DrawingSession {
    /// A straight piece of trail.
    public struct Segment: Equatable, Sendable {
        public var from: Vec2
        public var to: Vec2
        public var color: RGBA8
        public var width: Double
    }

    /// Where `takeNewSegments` got to in `strokes`.
    struct SegmentCursor {
        var stroke = 0
        var point = 0
    }

    /// The pieces added since the last call (a new stroke's dot is a piece from a point to itself).
    public func takeNewSegments() -> [Segment] {
        var out: [Segment] = []
        var c = segmentCursor
        while c.stroke < strokes.count {
            let s = strokes[c.stroke]
            while c.point < s.points.count {
                let to = s.points[c.point]
                let from = c.point == 0 ? to : s.points[c.point - 1]
                out.append(Segment(from: from.position, to: to.position, color: to.color, width: s.width))
                c.point += 1
            }
            if c.stroke == strokes.count - 1 { break }
            c.stroke += 1
            c.point = 0
        }
        segmentCursor = c
        return out
    }
}
