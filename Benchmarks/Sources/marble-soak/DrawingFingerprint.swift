import MarbleKit

/// Everything a drawing's state is judged by when it is closed and opened again: the
/// canvas's hash, the ball bit for bit, the clock, the strokes and the history.
struct DrawingFingerprint: Equatable {
    var id: String
    var title: String
    var canvasSHA256: String
    var position: (UInt64, UInt64)
    var velocity: (UInt64, UInt64)
    var stepCount: Int64
    var time: UInt64
    var heading: UInt64
    var samples: Int
    var dropped: Int
    var strokes: Int
    var points: Int
    var history: [DrawingSession.EditStep]
    var undone: [DrawingSession.EditStep]

    init(_ d: StoredDrawing) {
        let s = d.session
        id = d.id
        title = d.title
        canvasSHA256 = s.report().canvasSHA256
        position = (s.marbles[0].ball.position.x.bitPattern, s.marbles[0].ball.position.y.bitPattern)
        velocity = (s.marbles[0].ball.velocity.x.bitPattern, s.marbles[0].ball.velocity.y.bitPattern)
        stepCount = s.stepCount
        time = s.time.bitPattern
        heading = s.marbles[0].heading.bitPattern
        samples = s.acceptedSamples
        dropped = s.droppedSamples
        strokes = s.strokes.count
        points = s.strokes.reduce(0) { $0 + $1.points.count }
        history = s.history
        undone = s.undone
    }

    static func == (a: Self, b: Self) -> Bool {
        a.id == b.id && a.title == b.title && a.canvasSHA256 == b.canvasSHA256 && a.position == b.position
            && a.velocity == b.velocity && a.stepCount == b.stepCount && a.time == b.time && a.heading == b.heading
            && a.samples == b.samples && a.dropped == b.dropped && a.strokes == b.strokes && a.points == b.points
            && a.history == b.history && a.undone == b.undone
    }

    /// The fields that differ from `other`, named.
    func differences(from other: Self) -> String {
        var out: [String] = []
        if canvasSHA256 != other.canvasSHA256 { out.append("canvas") }
        if position != other.position || velocity != other.velocity { out.append("ball") }
        if stepCount != other.stepCount || time != other.time { out.append("clock (\(stepCount) vs \(other.stepCount) steps)") }
        if heading != other.heading { out.append("heading") }
        if samples != other.samples || dropped != other.dropped { out.append("samples (\(samples) vs \(other.samples))") }
        if strokes != other.strokes || points != other.points { out.append("strokes") }
        if history != other.history || undone != other.undone { out.append("history") }
        if title != other.title || id != other.id { out.append("title or id") }
        return out.joined(separator: ", ")
    }
}
