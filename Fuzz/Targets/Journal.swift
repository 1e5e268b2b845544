import Foundation
@testable import MarbleKit

/// Fuzzes the journal decoder: scans, decodes and replays records as opening a drawing does.
///
/// Each input is tried twice, as it is and with every record's checksum put right (so the
/// record decoders and the replay see mutated payloads). Any bytes are read up to the first
/// bad record or refused as damaged; what was read replays with the ball on the board and
/// takes undo, redo and another sample afterwards.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    replay(bytes)
    replay(FuzzInput.fixJournalChecksums(bytes))
    return 0
}

/// Replays a journal the way `StoredDrawing.load` does when there is no snapshot.
func replay(_ bytes: [UInt8]) {
    let scan: Journal.Scan
    do {
        scan = try Journal.scan(bytes, path: "fuzz/journal")
    } catch {
        if !error.isBadData { FuzzInput.fail("a journal refused for something other than its bytes: \(error)") }
        return
    }
    guard let first = scan.frames.first,
          case .begin(let begin)? = try? Journal.decode(bytes, first) else { return }
    // The fuzzer would spend its time clearing and painting big canvases, and the decoders and
    // the replay are what it tests: the board is cut to at most 320×200 (the walls still hold).
    var configuration = begin.configuration
    configuration.canvasWidth = min(configuration.canvasWidth, 320)
    configuration.canvasHeight = min(configuration.canvasHeight, 200)
    // A drawing over a picture has it second (kept raw in the seeds: no PNG decoder here); one
    // that is damaged or undecodable is refused, as opening does. A picture of another size
    // than the cut canvas is left out by the canvas.
    let setup = begin.board ? 2 : 1
    var board: Board?
    if begin.board {
        guard scan.frames.count > 1, case .board(let record)? = try? Journal.decode(bytes, scan.frames[1]),
              let b = try? record.board(decodePicture: nil) else { return }
        board = b
    }
    var session = DrawingSession(configuration: configuration, board: board)
    var replayFrom = setup
    // A repaired journal goes on from the checkpoint after its setup, as opening does.
    if scan.frames.count > setup, scan.frames[setup].kind.isCheckpoint {
        guard case .checkpoint(let state, _)? = try? Journal.decode(bytes, scan.frames[setup]),
              let restored = try? DrawingSession(restoring: state) else { return }
        if !FuzzInput.ballIsOnBoard(restored) { FuzzInput.fail("a checkpoint restored the ball off the board: \(restored.marbles[0].ball)") }
        session = restored
        replayFrom = setup + 1
    }
    guard replayFrom <= scan.frames.count else { return }
    for f in scan.frames[replayFrom...] {
        do {
            try Journal.decode(bytes, f).apply(to: session)
        } catch {
            break
        }
        if !FuzzInput.ballIsOnBoard(session) { FuzzInput.fail("the ball left the board: \(session.marbles[0].ball)") }
    }
    _ = session.marbles.map(\.movement.figures)
    _ = session.undo()
    _ = session.redo()
    _ = try? session.feed([Sample(t: (session.marbles[0].input?.t ?? 0) + 1, tilt: Vec2(0.5, -0.5), heading: 90, penDown: true)])
    if !FuzzInput.ballIsOnBoard(session) { FuzzInput.fail("the ball left the board: \(session.marbles[0].ball)") }
}
