/// A drawing's input as a marble log: the journal's samples, with its setup as metadata.
extension DrawingStateStore {
    /// The samples a drawing was fed, in order, as a marble-log v1 that replays its strokes.
    ///
    /// Undo, redo and clear have no form in marble-log v1, so a drawing edited after the fact
    /// replays with its undone strokes on the canvas; the metadata says how many edits there were.
    public func inputLog(of id: String) throws(StoreError) -> MarbleLog {
        let journal = try InputJournal(self, id)
        var log = MarbleLog(metadata: journal.metadata, marbles: Array(repeating: [], count: journal.marbles))
        let n = journal.marbles
        try journal.forEachSamples { samples in
            // Rows: marble 1's sample, marble 2's, … (one sample a row with one marble).
            for k in stride(from: 0, to: samples.count - n + 1, by: n) {
                for m in 0..<n { log.marbles[m].append(samples[k + m]) }
            }
        }
        return log
    }

    /// Writes `inputLog(of:)`'s text to `path`, atomically and durably, a piece at a time: a
    /// long drawing's log never stands whole in memory (twelve hours of drawing is hundreds of
    /// MB as samples and again as text; Save log was the soak's peak). The bytes are
    /// `inputLog(of: id).text()`'s.
    public func writeInputLog(of id: String, to path: String, io: FileIO, makingFolders: Bool = false) throws(StoreError) {
        let journal = try InputJournal(self, id)
        var failure: StoreError?
        do throws(AtomicFile.WriteError) {
            try AtomicFile.write(to: path, io: io, headerSize: 0, makingFolders: makingFolders) { put in
                var out = MarbleLog.headerText(metadata: journal.metadata, tools: journal.tools, marbles: journal.marbles)
                out.reserveCapacity(Self.logPiece + 4096)
                let step = journal.marbles
                do throws(StoreError) {
                    try journal.forEachSamples { samples in
                        for k in stride(from: 0, to: samples.count - step + 1, by: step) {
                            MarbleLog.appendRow(samples[k..<(k + step)].lazy.map { Optional($0) }, tools: journal.tools, to: &out)
                            if out.utf8.count >= Self.logPiece {
                                put(Array(out.utf8))
                                out.removeAll(keepingCapacity: true)
                            }
                        }
                    }
                } catch {
                    failure = error
                    return [1]   // not the header's size: nothing is written
                }
                put(Array(out.utf8))
                return []
            }
        } catch {
            throw failure ?? error.storeError
        }
    }

    /// Bytes of text handed to the file at a time.
    static let logPiece = 1 << 20
}

/// A drawing's journal read for its input: the setup as log metadata, whether any sample
/// uses a tool (the log's columns), and its samples records in order.
private struct InputJournal {
    let bytes: [UInt8]
    let path: String
    let frames: [Journal.Frame]
    private(set) var metadata: [MarbleLog.Metadata] = []
    private(set) var tools = false
    /// How many marbles the drawing has: its samples come in rows of that many.
    private(set) var marbles = 1

    init(_ store: DrawingStateStore, _ id: String) throws(StoreError) {
        bytes = try store.journalBytes(of: id)
        path = store.folder(of: id) + "/journal"
        frames = try Journal.scan(bytes, path: path).frames
        var edits = 0
        for frame in frames {
            switch try record(frame) {
            case .begin(let begin):
                let c = begin.configuration
                marbles = c.marbles
                metadata = [
                    .init("title", begin.title),
                    .init("physics", c.mode.rawValue),
                    .init("difficulty", c.difficulty.rawValue),
                    .init("canvas", "\(c.canvasWidth)x\(c.canvasHeight)"),
                    .init("damping", "\(c.parameters.damping)"),
                    .init("source", "marble drawing \(id)"),
                ]
            case .samples(let samples, _): tools = tools || samples.contains { !$0.hasDefaultTool }
            case .undo, .redo, .clear: edits += 1
            case .title: break
            case .board:
                // A log holds input only: replayed, it paints on the blank canvas.
                metadata.append(.init("picture", "painted over a picture that is not in this log"))
            case .checkpoint:
                // What came before the checkpoint is gone: samples after it would not replay alone.
                throw .damaged(path: path, detail: "the drawing was repaired from a snapshot and its input before that is lost, so it cannot be saved as a log")
            }
        }
        if edits > 0 { metadata.append(.init("edits", "\(edits) undo, redo or clear steps not in this log")) }
    }

    func record(_ frame: Journal.Frame) throws(StoreError) -> Journal.Record {
        do throws(DecodeError) {
            return try Journal.decode(bytes, frame)
        } catch {
            throw .damaged(path: path, detail: error.description)
        }
    }

    /// Each samples record's samples, in journal order (decoded again, one record at a time).
    func forEachSamples(_ body: ([Sample]) -> Void) throws(StoreError) {
        for frame in frames {
            if case .samples(let samples, _) = try record(frame) { body(samples) }
        }
    }
}
