import Foundation
import Testing
@testable import MarbleKit

/// A four-marble drawing in the store: version 4 files, reopened from its snapshot and from its
/// journal alone and continued exactly, an undo kept across reopening, and its input saved as
/// a four-marble log that replays to its canvas.
@Suite("Store: four marbles")
struct FourMarbleStoreTests {
    static let configuration = SessionConfiguration(mode: .real, difficulty: .normal, canvasWidth: 320, canvasHeight: 200)

    /// Row `i` at 60 Hz: four trails that cross, each pen lifted now and then at its own times.
    static func row(_ i: Int) -> [Sample] {
        let t = Double(i) / 60
        return (0..<4).map { k in
            let a = t * (1 + 0.2 * Double(k)) + Double(k) * 1.7
            return Sample(t: t, tilt: Vec2(0.8 * Maths.cos(a), 0.7 * Maths.sin(1.3 * a)),
                          heading: (Double(k) * 90 + 35 * t).truncatingRemainder(dividingBy: 360), penDown: (Int(t) + k) % 4 != 3)
        }
    }

    static func feed(_ d: StoredDrawing, _ reference: DrawingSession, _ range: Range<Int>) throws {
        for i in range {
            try d.feed(row(i))
            try reference.feed(row(i))
            try d.saveIfDue()
        }
    }

    static func same(_ a: ReadOnlySession, _ b: DrawingSession) -> Bool {
        a.canvas.pixelBytes == b.canvas.pixelBytes && a.marbles == b.marbles && a.strokes == b.strokes
            && a.history == b.history && a.stepCount == b.stepCount
    }

    @Test("Reopened from its snapshot, and from its journal alone, it goes on exactly as if never closed", arguments: [false, true])
    func reopenAndContinue(journalOnly: Bool) throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let d = try store.create(configuration: { var c = Self.configuration; c.marbles = 4; return c }())
        let reference = DrawingSession(marbles: 4, Self.configuration)
        try Self.feed(d, reference, 0..<360)
        let id = d.id
        try d.close()
        for file in ["journal", "snapshot"] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.folder(id) + "/" + file)))
            #expect(StoreFormat.version(of: bytes) == (file == "journal" ? StoreFormat.journalVersion : StoreFormat.marblesVersion), "\(file)")
        }
        if journalOnly { try FileManager.default.removeItem(atPath: scratch.folder(id) + "/snapshot") }
        let again = try store.open(id)
        #expect(again.recoveryNotes.isEmpty, "\(again.recoveryNotes)")
        #expect(again.session.marbles.count == 4)
        #expect(Self.same(again.session, reference), "reopened")
        try Self.feed(again, reference, 360..<720)
        #expect(Self.same(again.session, reference), "continued")
        #expect(try again.undo())
        let undone = again.session.canvas.pixelBytes
        try again.close()
        let third = try store.open(id)
        let kept = third.session.canvas.pixelBytes == undone
        #expect(kept, "the undo survives reopening")
        #expect(try third.redo())
        #expect(third.session.canvas.pixelBytes == reference.canvas.pixelBytes, "redo gives back the live picture")
        // Its input as a log of four marbles, which replays to the same strokes.
        let log = try store.inputLog(of: id)
        #expect(log.marbles.count == 4 && log.marbles[0].count == 720)
        let replayed = try DrawingSession.replaying(log, configuration: Self.configuration)
        #expect(replayed.strokes.count == reference.strokes.count)
        try third.close()
        // The gallery keeps every child's figures: from the index, and read again from the
        // journal when the index is gone.
        let figures = reference.marbles.map(\.movement.figures)
        #expect(store.list().drawings.first?.marbles == figures)
        try FileManager.default.removeItem(atPath: store.indexPath)
        let rebuilt = store.list().drawings.first
        #expect(rebuilt?.marbles == figures, "\(String(describing: rebuilt?.marbles)) against \(figures)")
        #expect(rebuilt?.movingShares.count == 4)
    }
}
