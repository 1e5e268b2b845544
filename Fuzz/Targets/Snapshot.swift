import Foundation
@testable import MarbleKit

/// Fuzzes the snapshot decoder (`Snapshot.decode`) and the restored session.
///
/// Each input is tried as it is and with its header's length and checksum put right (so the
/// payload decoder and `DrawingSession(restoring:)` see mutated payloads). A snapshot either
/// restores a session that a live one could be (the ball on the board, finite) and that takes
/// more samples, undo, redo and a clear, or is refused as damaged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = FuzzInput.bytes(data, size)
    restore(bytes)
    if bytes.count >= Snapshot.headerSize {
        FuzzInput.patch(&bytes, UInt64(bytes.count - Snapshot.headerSize), at: 16)
        FuzzInput.patch(&bytes, CRC32.checksum(Array(bytes[Snapshot.headerSize...])), at: 24)
        restore(bytes)
    }
    return 0
}

func restore(_ bytes: [UInt8]) {
    let session: DrawingSession
    do {
        (session, _) = try Snapshot.decode(bytes, path: "fuzz/snapshot")
    } catch {
        if !error.isBadData { FuzzInput.fail("a snapshot refused for something other than its bytes: \(error)") }
        return
    }
    if !FuzzInput.ballIsOnBoard(session) { FuzzInput.fail("restored a ball off the board: \(session.marbles[0].ball)") }
    let t = session.marbles[0].input?.t ?? 0
    _ = try? session.feed([Sample(t: t + 0.5, tilt: Vec2(0.7, 0.3), heading: 200, penDown: true)])
    _ = session.undo()
    _ = session.redo()
    _ = session.undo()
    _ = try? session.feed([Sample(t: t + 1, tilt: Vec2(-0.7, 0.6), heading: 20, penDown: true)])
    _ = session.clearCanvas()
    _ = session.undo()
    _ = session.redo()
    if !FuzzInput.ballIsOnBoard(session) { FuzzInput.fail("the ball left the board: \(session.marbles[0].ball)") }
    // Its state goes back into a snapshot that decodes to an equal state (of version 5 again
    // when it came from one, as a drawing whose journal is of version 5 writes its snapshots).
    let meta = Snapshot.Meta(journalEnd: 16, journalCRC: 0, journalStart: 16, created: 0, modified: 0, title: "")
    do {
        let version = StoreFormat.version(of: bytes)
        let (again, _) = try Snapshot.decode(Snapshot.encode(session.state, meta: meta, version: version), path: "fuzz/again")
        if again.state != session.state { FuzzInput.fail("a snapshot of a restored session restores differently") }
    } catch {
        FuzzInput.fail("a snapshot of a restored session does not restore: \(error)")
    }
}
