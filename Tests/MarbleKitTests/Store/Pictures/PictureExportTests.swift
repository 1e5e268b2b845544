import Foundation
import Testing
@testable import MarbleKit

/// A drawing over a picture shared as a PNG (its journal in the `mrBL` chunk) and opened in
/// another store is the same drawing: the picture travels inside the journal.
@Suite("Store: a drawing over a picture, exported and adopted")
struct PictureExportTests {
    typealias P = PictureStoreSupport

    @Test("Exported with its journal, adopted into a second store: the same canvas, the same picture, and it goes on the same")
    func exportAndAdopt() throws {
        let board = P.board()
        let scratch = try StoreScratch()
        let d = try P.store(scratch).create(configuration: P.configuration, title: "shared", board: board)
        for s in P.samples() { try d.feed([s]) }
        try d.save()
        let png = try d.sharedPicture { P.encode($0, $1, $2) }
        let original = SessionFingerprint(d.session)
        try d.close()

        let other = try StoreScratch()
        let journal = try PictureChunk.extract(from: png)
        let adopted = try P.store(other).adopt(journal: journal, source: "shared.png")
        #expect(adopted.recoveryNotes.isEmpty)
        #expect(SessionFingerprint(adopted.session) == original)
        #expect(adopted.session.canvas.board == board)
        #expect(adopted.title == "shared")
        let t = adopted.resumeTime
        let more = (1...60).map { Sample(t: t + Double($0) / 60, tilt: Vec2(0.4, 0.4), heading: 10, erase: $0 > 30) }
        let reference = try P.reference(P.samples() + more, board: board)
        for s in more { try adopted.feed([s]) }
        #expect(SessionFingerprint(adopted.session) == SessionFingerprint(reference))
        try adopted.close()
    }
}
