/// A drawing's whole history, read from its journal: its setup and every record after it, in order.
///
/// It is what `HistoryPlayer` plays from a blank canvas. Reading it takes no lock: the journal
/// is only read, so a drawing open in the window can be watched too (what is not yet saved is
/// not in it).
public struct DrawingHistory: Sendable {
    /// The drawing's setup: canvas size, physics, pen.
    public let configuration: SessionConfiguration
    /// The title the drawing had when it was begun (renames are records too).
    public let title: String
    /// The picture under the paint, in a drawing over one.
    public let board: Board?
    /// Every record after the setup, in journal order.
    let records: [Journal.Record]
    /// The state a repaired journal goes on from (its checkpoint), instead of a blank canvas.
    let startState: DrawingSession.State?
    /// The drawing's clock at its first and last sample, in s (equal when there is none).
    public let startTime: Double
    public let endTime: Double
    /// Samples in the journal, dropped ones included (rows of one a marble, in a drawing of several).
    public let sampleCount: Int
    /// Why reading stopped early (a damaged record), when it did; what came before is kept.
    public let damage: String?

    /// The drawing time from the first sample to the last, in s.
    public var span: Double { endTime - startTime }

    /// Reads a journal's bytes (`path` only names the file in errors); a drawing over a picture
    /// kept as PNG needs `decodePicture` (`Environment.codecs.decodePicture`).
    ///
    /// - Throws: `StoreError` when the file is not a journal, is of a newer version, or has no
    ///   readable setup record (a drawing over a picture: or no usable picture). Damage after
    ///   the setup ends the history there (`damage` says so).
    public init(journal bytes: [UInt8], path: String, decodePicture: Environment.PictureDecoder? = nil) throws(StoreError) {
        let scan = try Journal.scan(bytes, path: path)
        guard let first = scan.frames.first, case .begin(let begin)? = try? Journal.decode(bytes, first) else {
            throw .damaged(path: path, detail: "the drawing's setup is unreadable")
        }
        configuration = begin.configuration
        title = begin.title
        board = try StoredDrawing.board(of: begin, bytes: bytes, scan: scan, path: path, decodePicture: decodePicture)
        // The setup: the begin record, and a drawing over a picture's picture after it.
        let setup = begin.board ? 2 : 1
        var records: [Journal.Record] = []
        var damage = scan.damage
        var start: Double?, end: Double?
        var count = 0
        var startState: DrawingSession.State?
        for (k, f) in scan.frames.enumerated().dropFirst(setup) {
            guard let record = try? Journal.decode(bytes, f) else {
                damage = "the record at byte \(f.offset) is unreadable"
                break
            }
            if case .checkpoint(let state, _) = record {
                // Only a repaired journal's second record: what came before it is gone.
                guard k == setup else { damage = "a checkpoint at byte \(f.offset) after the start"; break }
                startState = state
                if let t = state.marbles.first?.input?.t { start = t; end = t }
                continue
            }
            if case .samples(let samples, _) = record {
                // Rows: a drawing of several marbles keeps one sample a marble.
                count += samples.count / begin.configuration.marbles
                for s in samples where s.t.isFinite {
                    if start == nil { start = s.t }
                    end = s.t
                }
            }
            records.append(record)
        }
        self.records = records
        self.startState = startState
        startTime = start ?? 0
        endTime = max(end ?? startTime, startTime)
        sampleCount = count
        self.damage = damage
    }
}

extension DrawingStateStore {
    /// The history of drawing `id`, read from its journal as saved so far, or as it was when
    /// the journal was `journalLength` bytes long (`StoredDrawing.journalLength`: a film begun
    /// on a drawing that then goes on keeps to what was saved when it began; journals only grow).
    ///
    /// - Throws: `StoreError.notFound` for an unknown drawing, `.badID`, `.damaged`, `.newerVersion`.
    public func history(of id: String, journalLength: Int? = nil) throws(StoreError) -> DrawingHistory {
        var bytes = try journalBytes(of: id)
        if let journalLength, journalLength >= 0, journalLength < bytes.count { bytes.removeSubrange(journalLength...) }
        return try DrawingHistory(journal: bytes, path: folder(of: id) + "/journal", decodePicture: environment.codecs.decodePicture)
    }
}
