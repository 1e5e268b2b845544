import Foundation
import Testing
@testable import MarbleKit

/// The frozen store of format 6 (Tests/Tools/make_store_fixture_v6.sh): four marbles, a journal
/// whose records hold one movement record a marble. It loads forever to its expected.txt.
@Suite("Frozen formats: the version 6 journal")
struct FrozenJournalV6Tests {
    @Test func frozenVersion6StoreLoads() throws {
        let (folder, _) = try PictureVersionTests.fixture("store-v6")
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("journal")))
        #expect(StoreFormat.version(of: bytes) == 6)
        let scan = try Journal.scan(bytes, path: "journal")
        #expect(scan.damage == nil)
        #expect(scan.frames.dropFirst().allSatisfy { $0.kind.summaryLayout == .marbles }, "\(scan.frames.map(\.kind))")
        // Every record framed again: the same bytes.
        var again = Journal.header(version: 6)
        for f in scan.frames { again += Journal.frame(try Journal.decode(bytes, f)) }
        #expect(again == bytes)
        let last = try #require(try Journal.decode(bytes, scan.frames.last!).summary)
        try StoreFormatTests.checkFrozenStore("store-v6") { d, expected, entry in
            #expect(d.session.marbles.count == 4)
            // The last record (the undo) holds each marble's movement, as the session counts it.
            #expect(last.marbles == d.session.marbles.map(\.movement.figures))
            #expect(entry?.marbles == last.marbles)
            #expect((try? d.redo()) == true)
            #expect(d.session.report().canvasSHA256 == expected["redo_canvas_sha256"])
            #expect((try? d.undo()) == true)
            #expect(d.session.report().canvasSHA256 == expected["canvas_sha256"])
        }
    }
}
