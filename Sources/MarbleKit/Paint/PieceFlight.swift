import Dispatch
import Synchronization

/// A full queue of pieces, painted on another thread while the caller goes on; a caller that
/// must wait for it paints half of what is left instead.
///
/// The caller goes on stepping physics and reading the log; the batch is landed (its changes
/// noted) before anything reads or changes the canvas or the next batch goes. The painting
/// thread paints the pieces one by one, whole, until the caller comes to land the batch; from
/// the next piece on, the two share the rest by row bands (`RowBands`: the painting thread
/// the odd bands, the caller the even), each painting every piece left in order on its own
/// rows, as `PieceQueue` paints a queue on two threads. Each pixel sees every piece in order:
/// the pixels are bit for bit those of painting the pieces one by one, and a shared piece's
/// note is the union of both threads' columns over its rows.
///
/// Safe to share, though it holds pointers (hence `@unchecked Sendable`): while a batch is in
/// flight the caller touches neither the batch nor the canvas's planes but its own bands of
/// the pieces left once it lands (every access to them lands it first, see `Canvas.buffer`);
/// the threads write only their own rows (a band's last four-pixel stores stop at its end)
/// and areas; `shared` orders the pieces painted whole before the caller's bands, and `done`
/// the painting thread's writes before the caller's reads.
final class PieceFlight: @unchecked Sendable {
    private var pieces: [QueuedPiece] = []
    /// Each piece's area: painted whole, at its index; shared, the painting thread's there and
    /// the caller's at `pieces.count` + its index.
    private var areas: UnsafeMutablePointer<PieceArea>
    private var areaCapacity: Int
    private let target: PaintTarget
    /// The caller has come to land the batch.
    private let landing = Atomic<Bool>(false)
    /// The first piece shared by bands (`pieces.count`: none), once `shared` is signalled.
    private let split = Atomic<Int>(0)
    private let shared = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    /// Whether a batch is being painted (or painted and not yet landed).
    private(set) var flying = false

    init(_ target: PaintTarget) {
        self.target = target
        areaCapacity = 2 * PieceQueue.capacity
        areas = .allocate(capacity: areaCapacity)
    }

    deinit {
        areas.deallocate()
    }

    /// Starts painting `batch`, in order, on another thread, and hands back an empty array
    /// with the last batch's capacity in its place.
    func launch(_ batch: inout [QueuedPiece]) {
        precondition(!flying, "a batch launched before the last one landed")
        swap(&pieces, &batch)
        if areaCapacity < 2 * pieces.count {
            areas.deallocate()
            areaCapacity = 2 * pieces.count
            areas = .allocate(capacity: areaCapacity)
        }
        landing.store(false, ordering: .relaxed)
        flying = true
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            // Borrowed only while painting: `done` finds the batch's storage its owner's alone.
            self.pieces.withUnsafeBufferPointer { pieces in
                var i = 0
                while i < pieces.count, !landing.load(ordering: .acquiring) {
                    areas[i] = pieces[i].paint(.all, on: target)
                    i &+= 1
                }
                split.store(i, ordering: .releasing)
                shared.signal()
                Self.paint(pieces, from: i, part: 1, areas: areas, target: target)
            }
            done.signal()
        }
    }

    /// Paints pieces `first...` on bands `part`, `part + 2`, …, their areas at
    /// `part · pieces.count` + their indices.
    private static func paint(_ pieces: UnsafeBufferPointer<QueuedPiece>, from first: Int, part: Int,
                              areas: UnsafeMutablePointer<PieceArea>, target: PaintTarget) {
        let bands = RowBands(rows: PieceQueue.bandRows, first: part, of: 2)
        // The painting thread's part (odd bands) goes where a whole piece's area goes.
        let base = part == 1 ? areas : areas + pieces.count
        for i in first..<pieces.count { base[i] = pieces[i].paint(bands, on: target) }
    }

    /// Paints its share of the batch in flight, if any, waits until the batch is all painted,
    /// and notes its pieces' areas in `log`, in order.
    func land(noting log: inout ChangeLog) {
        guard flying else { return }
        landing.store(true, ordering: .releasing)
        shared.wait()
        let first = split.load(ordering: .acquiring)
        pieces.withUnsafeBufferPointer { Self.paint($0, from: first, part: 0, areas: areas, target: target) }
        done.wait()
        flying = false
        let n = pieces.count
        for i in 0..<n {
            let area = i < first ? areas[i] : areas[i].merged(areas[n &+ i])
            if let rect = area.rect { log.note(rect) }
        }
        pieces.removeAll(keepingCapacity: true)
    }

    /// Waits until the batch in flight, if any, is painted (the canvas going: its planes must
    /// outlive the painting).
    func waitUntilPainted() {
        var unread = ChangeLog()
        land(noting: &unread)
    }
}
