import Foundation
@testable import MarbleKit

/// Fuzzes the marble-log reader (`MarbleLog.parse`), then plays what it read.
///
/// Any text is read or refused with `PATH:LINE: reason`; a log that reads plays on a small
/// canvas with the ball on the board and finite, and writing it out reads back the same samples.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let result: MarbleLog.ReadResult
    do {
        result = try MarbleLog.parse(Data(bytes: data, count: size), path: "fuzz.csv")
    } catch {
        if !error.description.hasPrefix("fuzz.csv:") { FuzzInput.fail("a refusal without the path: \(error)") }
        return 0
    }
    // A small board keeps each run quick; the walls and the physics are the same at any size.
    let session = DrawingSession(configuration: SessionConfiguration(canvasWidth: 64, canvasHeight: 48))
    for sample in result.log.marbles[0].prefix(2000) {
        _ = try? session.feed([sample])
        if !FuzzInput.ballIsOnBoard(session) { FuzzInput.fail("the ball left the board at \(session.marbles[0].ball)") }
    }
    // The writer's text reads back to the same samples (NaN rows were dropped on reading).
    let again: MarbleLog.ReadResult
    do {
        again = try MarbleLog.parse(Data(result.log.text().utf8), path: "again.csv")
    } catch {
        FuzzInput.fail("a log read from text does not read back once written: \(error)")
    }
    let a = result.log.marbles[0], b = again.log.marbles[0]
    guard a.count == b.count else { FuzzInput.fail("\(a.count) samples written, \(b.count) read back") }
    for (x, y) in zip(a, b) where !(x.t == y.t && x.tilt == y.tilt && x.heading == y.heading && x.penDown == y.penDown) {
        FuzzInput.fail("sample \(x) reads back as \(y)")
    }
    return 0
}
