/// A drawing's input as a marble log: the journal's samples, with its setup as metadata.
extension DrawingStateStore {
    /// The samples a drawing was fed, in order, as a marble-log v1 that replays its strokes.
    ///
    /// Undo, redo and clear have no form in marble-log v1, so a drawing edited after the fact
    /// replays with its undone strokes on the canvas; the metadata says how many edits there were.
    public func inputLog(of id: String) throws(StoreError) -> MarbleLog {
        let bytes = try journalBytes(of: id)
        let path = folder(of: id) + "/journal"
        let scan = try Journal.scan(bytes, path: path)
        var log = MarbleLog()
        var edits = 0
        for frame in scan.frames {
            let record: Journal.Record
            do throws(DecodeError) {
                record = try Journal.decode(bytes, frame)
            } catch {
                throw .damaged(path: path, detail: error.description)
            }
            switch record {
            case .begin(let begin):
                let c = begin.configuration
                log.metadata = [
                    .init("title", begin.title),
                    .init("physics", c.mode.rawValue),
                    .init("difficulty", c.difficulty.rawValue),
                    .init("canvas", "\(c.canvasWidth)x\(c.canvasHeight)"),
                    .init("damping", "\(c.parameters.damping)"),
                    .init("source", "marble drawing \(id)"),
                ]
            case .samples(let samples, _): log.samples += samples
            case .undo, .redo, .clear: edits += 1
            case .title: break
            case .checkpoint:
                // What came before the checkpoint is gone: samples after it would not replay alone.
                throw .damaged(path: path, detail: "the drawing was repaired from a snapshot and its input before that is lost, so it cannot be saved as a log")
            }
        }
        if edits > 0 { log.metadata.append(.init("edits", "\(edits) undo, redo or clear steps not in this log")) }
        return log
    }
}
