import Dispatch

/// A full queue of pieces, painted on another thread while the caller goes on.
///
/// The caller goes on stepping physics and reading the log; the batch is landed (waited for,
/// its changes noted) before anything reads or changes the canvas or the next batch goes.
/// Safe to share, though it holds pointers (hence `@unchecked Sendable`): while a batch is in
/// flight the caller touches neither the batch nor the canvas's planes (every access to them
/// lands it first, see `Canvas.buffer`) and the painting thread touches nothing else; `done`
/// orders the painting thread's writes before the caller's reads.
final class PieceFlight: @unchecked Sendable {
    private var pieces: [QueuedPiece] = []
    private var areas: [PieceArea] = []
    private let target: PaintTarget
    private let done = DispatchSemaphore(value: 0)
    /// Whether a batch is being painted (or painted and not yet landed).
    private(set) var flying = false

    init(_ target: PaintTarget) {
        self.target = target
    }

    /// Starts painting `batch`, in order, on another thread, and hands back an empty array
    /// with the last batch's capacity in its place.
    func launch(_ batch: inout [QueuedPiece]) {
        precondition(!flying, "a batch launched before the last one landed")
        swap(&pieces, &batch)
        flying = true
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            areas.removeAll(keepingCapacity: true)
            for piece in pieces { areas.append(piece.paint(.all, on: target)) }
            done.signal()
        }
    }

    /// Waits until the batch in flight, if any, is painted, and notes its pieces' areas in
    /// `log`, in order.
    func land(noting log: inout ChangeLog) {
        guard flying else { return }
        done.wait()
        flying = false
        for area in areas {
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
