/// Plays a drawing's history from a blank canvas, record by record, to any point of its time.
///
/// Every record goes through `Journal.Record.apply(to:)`, the same function that opens a
/// drawing, so the finished picture is exactly the stored drawing's. A samples record is
/// applied in pieces so that playing can stop between any two samples: only the last piece
/// runs the physics on to the record's step, as the whole record would.
public final class HistoryPlayer {
    public let history: DrawingHistory
    // Rebuilt by `restart()` and `jump(to:)`.
    var session: DrawingSession
    /// The session as it stands at `time`, to read (its marbles' balls, for Watch).
    public var view: ReadOnlySession { ReadOnlySession(session) }
    // The next record to apply, and within a samples record the next sample (and a keyframe's).
    var record = 0
    var sample = 0
    /// The drawing time reached: the last applied sample's (the start before any).
    public internal(set) var time: Double
    /// Why playing stopped before the end (a record that does not replay), if it did.
    public internal(set) var failure: String?

    public init(_ history: DrawingHistory) {
        self.history = history
        session = Self.start(history)
        time = history.startTime
    }

    /// A blank canvas (the picture under the paint, in a drawing over one), or the checkpoint a
    /// repaired journal goes on from.
    static func start(_ history: DrawingHistory) -> DrawingSession {
        if let state = history.startState, let s = try? DrawingSession(restoring: state) { return s }
        return DrawingSession(configuration: history.configuration, board: history.board)
    }

    /// The picture at `time`.
    public var canvas: Canvas { session.canvas }

    /// The drawing as it is at `time`, to read (the ball, the strokes, the report).
    public var drawing: ReadOnlySession { ReadOnlySession(session) }

    /// Whether every record has been applied: the canvas is the finished picture.
    public var isFinished: Bool { record >= history.records.count }

    /// How far through the drawing's time playing is, 0…1 (1 once finished).
    public var progress: Double {
        if isFinished { return 1 }
        guard history.span > 0 else { return 0 }
        return min(1, max(0, (time - history.startTime) / history.span))
    }

    /// Goes back to the blank canvas before the first record.
    public func restart() {
        // Nothing applied yet: the session is still the blank one (a time-lapse restarts first
        // thing, and a second 1280×800 canvas made and filled then cost its pages for nothing).
        // A keyframe is never taken before the first record or sample.
        if record == 0 && sample == 0 { return }
        session = Self.start(history)
        record = 0
        sample = 0
        time = history.startTime
        failure = nil
    }

    /// Applies every record and sample up to drawing time `target` (edits at that time
    /// included), at most `budget` samples (an edit counts as one) in this call.
    ///
    /// - Returns: true when `target` is reached or the history is finished; false when the
    ///   budget ran out first (call again to go on: the canvas is correct at `time` meanwhile).
    @discardableResult
    public func play(until target: Double, budget: Int = .max) -> Bool {
        var left = budget
        while record < history.records.count {
            guard left > 0 else { return false }
            let next = history.records[record]
            if case .samples(let samples, let summary) = next {
                // The samples up to the target (a sample with no usable time goes with the one before).
                var end = sample
                // A drawing of several marbles keeps its samples in rows: a piece holds whole rows.
                let pairs = session.marbles.count
                // A count that is not whole rows, applied whole, fails and ends the drawing there.
                if samples.count % pairs != 0 && !apply(next) { return true }
                let limit = sample + min(max(left, pairs), samples.count - sample)
                while end + pairs <= limit, !(samples[end].t > target) { end += pairs }
                if end == sample { return true }
                let whole = end == samples.count
                // Step 0 runs nothing on: only the piece that ends the record takes its steps.
                let piece = Journal.Record.samples(Array(samples[sample..<end]),
                                                   whole ? summary : Journal.Summary(wall: summary.wall, duration: summary.duration, segments: summary.segments, step: 0))
                guard apply(piece) else { return true }
                if let t = samples[sample..<end].last(where: { $0.t.isFinite })?.t { time = max(time, t) }
                left -= (end - sample) / pairs
                if whole {
                    record += 1
                    sample = 0
                } else {
                    sample = end
                }
            } else {
                guard apply(next) else { return true }
                left -= 1
                record += 1
            }
        }
        return true
    }

    /// Applies everything left: the canvas becomes the finished picture.
    public func playToEnd() {
        play(until: .infinity)
    }

    private func apply(_ r: Journal.Record) -> Bool {
        do {
            try r.apply(to: session)
            return true
        } catch {
            // A record that does not replay ends the drawing there, as opening it does.
            failure = "the drawing's history stops early: \(error)"
            record = history.records.count
            return false
        }
    }
}
