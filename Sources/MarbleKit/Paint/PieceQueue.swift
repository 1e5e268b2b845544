import Dispatch

/// Pieces of trail waiting to be painted, and their painting in order.
///
/// A full queue is painted on another thread while the caller goes on (`PieceFlight`); what
/// is queued when something reads the canvas, a few pieces on the calling thread, many on two
/// threads, each its own bands of rows.
///
/// Each pixel's result depends only on the pieces touching it, in their order. A thread paints
/// every queued piece in order but only on its own rows, so every pixel sees the same pieces
/// in the same order as painting them one by one: the pixels are bit for bit the same. The
/// change log gets, per piece and in piece order, the union of both threads' columns over the
/// piece's rows: exactly the note painting it alone gives.
struct PieceQueue {
    /// When the queued pieces are painted.
    enum Timing {
        /// Queued, and painted when the queue is full or anything reads or changes the canvas.
        case deferred
        /// Each piece at once, on the calling thread (for tests comparing the two).
        case immediate
    }

    var timing = Timing.deferred
    private var pending: [QueuedPiece] = []
    // Each thread's area of every piece in a parallel painting: the first thread's from 0,
    // the second's from `pending.count`. Kept between paintings, as `pending` is.
    private var areas: [PieceArea] = []
    private let target: PaintTarget
    /// The last full queue, painted on another thread meanwhile.
    private let flight: PieceFlight

    /// Pieces queued before they are sent to be painted: enough to spread a thread's start
    /// over many, few enough that a batch stays in the cache (64 bytes a piece).
    static let capacity = 4096
    /// Fewer pieces than this are painted on the calling thread: a live frame's one to six
    /// would wait longer for a second thread than they take to paint.
    static let parallelMinimum = 256
    /// Rows in a band: a 16 px pen's piece spans about 18 rows, so most lie in one band and
    /// the other thread skips them whole (16, 32 and 64 measured alike, 32 a hair ahead).
    static let bandRows = 32

    /// A queue painting on `buffer`'s planes (their addresses never change).
    init(_ buffer: PixelBuffer) {
        target = PaintTarget(planes: buffer.planes, board: buffer.board, lines: buffer.lines,
                             width: buffer.width, height: buffer.height)
        flight = PieceFlight(target)
    }

    /// Whether every piece is painted and noted.
    var isEmpty: Bool { pending.isEmpty && !flight.flying }

    /// Whether a full queue is being painted on another thread (or painted and not yet noted).
    var isFlying: Bool { flight.flying }

    /// Waits until the queue in flight, if any, is painted (its canvas going: the planes must
    /// outlive the painting).
    func waitUntilPainted() { flight.waitUntilPainted() }

    /// Queues `piece`; true when the queue should be painted now (full, or painting immediately).
    mutating func add(_ piece: QueuedPiece) -> Bool {
        pending.append(piece)
        return timing == .immediate || pending.count >= Self.capacity
    }

    /// Sends the queued pieces to be painted on another thread (once the batch before them is
    /// painted and noted in `log`), and empties the queue.
    mutating func send(noting log: inout ChangeLog) {
        // A batch or idle thread (an export, a hand-in) paints on its own: another thread
        // would paint for it at normal priority, taking the CPU from the window's frames.
        guard !POSIX.thisThreadIsBackground() else { return paint(noting: &log, helped: false) }
        flight.land(noting: &log)
        flight.launch(&pending)
    }

    /// Paints the queued pieces in order (the batch in flight first), notes each in `log` in
    /// order, and empties the queue.
    mutating func paint(noting log: inout ChangeLog) {
        paint(noting: &log, helped: pending.count >= Self.parallelMinimum && !POSIX.thisThreadIsBackground())
    }

    /// As `paint(noting:)`, on two threads when `helped`, else on the calling thread.
    private mutating func paint(noting log: inout ChangeLog, helped: Bool) {
        flight.land(noting: &log)
        defer { pending.removeAll(keepingCapacity: true) }
        let n = pending.count
        guard helped, n >= Self.parallelMinimum else {
            for piece in pending {
                if let rect = piece.paint(.all, on: target).rect { log.note(rect) }
            }
            return
        }
        if areas.count < 2 * n { areas = Array(repeating: PieceArea(), count: 2 * n) }
        pending.withUnsafeBufferPointer { pieces in
            areas.withUnsafeMutableBufferPointer { areas in
                let job = BandJob(pieces: pieces, areas: areas.baseAddress!, target: target)
                DispatchQueue.concurrentPerform(iterations: 2) { job.paint(thread: $0, of: 2) }
            }
        }
        for i in 0..<n {
            if let rect = areas[i].merged(areas[n + i]).rect { log.note(rect) }
        }
    }
}

/// Two threads' painting of the same queued pieces, each on its own bands of rows.
///
/// Sendable though it holds pointers, because what the threads share is safe to share: they
/// read the pieces and the board and lines, which nothing changes meanwhile; each writes only
/// its own rows of the planes (a band's last row's four-pixel stores stop at the row's end,
/// see `PiecePainter.paintRow`) and its own part of `areas`; and `concurrentPerform` returns,
/// with their writes visible, only when both are done.
private struct BandJob: @unchecked Sendable {
    let pieces: UnsafeBufferPointer<QueuedPiece>
    /// Each thread's area of every piece: thread t's from `t * pieces.count`.
    let areas: UnsafeMutablePointer<PieceArea>
    let target: PaintTarget

    /// Paints every piece, in order, on thread `t`'s bands (of `threads` threads').
    func paint(thread t: Int, of threads: Int) {
        let bands = RowBands(rows: PieceQueue.bandRows, first: t, of: threads)
        let n = pieces.count
        for i in 0..<n { areas[t &* n &+ i] = pieces[i].paint(bands, on: target) }
    }
}
