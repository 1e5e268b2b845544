/// What a journal record does to a drawing: the one place every record kind's meaning is said.
///
/// Opening a drawing (`StoredDrawing.replay`) and playing its history from a blank canvas
/// (`HistoryPlayer`) both go through `apply(to:)`, so a new record kind is taught here once and
/// both replay it the same way.
extension Journal.Record {
    /// Applies this record to `session`, as the live session did when the record was written.
    ///
    /// What belongs to the stored drawing rather than its session (the title, the modified
    /// time) is left to the caller. `.begin` is refused: a setup record only starts a journal.
    /// - Throws: `DecodeError` when the record cannot be replayed (damage).
    func apply(to session: DrawingSession) throws(DecodeError) {
        switch self {
        case .begin:
            throw DecodeError("a second setup record")
        case .board:
            // The picture is the setup's: whoever starts the session paints over it.
            throw DecodeError("a picture after the setup")
        case .samples(let samples, let s):
            // A drawing of several marbles keeps its samples in rows: marble 1's, marble 2's, ….
            let n = session.marbles.count
            guard samples.count % n == 0 else { throw DecodeError("a record of \(samples.count) samples for \(n) marbles") }
            for k in stride(from: 0, to: samples.count, by: n) {
                do {
                    _ = try session.feed(row: samples[k..<(k + n)])
                } catch {
                    throw DecodeError("\(error)")
                }
            }
            session.runOn(to: s.step)
        case .undo(let s):
            session.runOn(to: s.step)
            session.undo()
        case .redo(let s):
            session.runOn(to: s.step)
            session.redo()
        case .clear(let s):
            session.runOn(to: s.step)
            session.clearCanvas()
        case .title:
            break
        case .checkpoint:
            // A checkpoint replaces the whole session: only the one that opens a repaired
            // journal, right after its setup, is taken (by whoever starts the session).
            throw DecodeError("a checkpoint after the start")
        }
    }
}

extension DrawingSession {
    /// Takes the physics steps a live front end took past the last sample before a record.
    func runOn(to step: Int64) {
        if step > stepCount && origin != nil { run(until: step) }
    }
}
