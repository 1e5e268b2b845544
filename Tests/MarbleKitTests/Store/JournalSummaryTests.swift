import Foundation
import Testing
@testable import MarbleKit

/// A journal record's summary holds one movement a marble (version 6), for one marble as for
/// several; records of earlier versions (marble 1's movement alone, or none) are still read.
@Suite("Store: the journal's summary, one movement a marble")
struct JournalSummaryTests {
    /// The journal's bytes and its last record's summary.
    static func lastSummary(_ path: String) throws -> (bytes: [UInt8], kind: Journal.Kind, summary: Journal.Summary) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let scan = try Journal.scan(bytes, path: path)
        #expect(scan.damage == nil)
        let last = try #require(scan.frames.last)
        let summary = try #require(try Journal.decode(bytes, last).summary)
        return (bytes, last.kind, summary)
    }

    @Test("A drawing's last record holds each marble's movement, equal to its session's meters", arguments: [1, 3])
    func everyMarble(marbles n: Int) throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let (id, figures) = try GalleryIndexTests.drawing(store, marbles: n)
        #expect(figures.count == n && figures.allSatisfy { $0.activeSeconds > 0 })
        let (bytes, kind, summary) = try Self.lastSummary(scratch.folder(id) + "/journal")
        #expect(StoreFormat.version(of: bytes) == StoreFormat.journalVersion && StoreFormat.journalVersion == 6)
        #expect(kind.summaryLayout == .marbles)
        #expect(summary.marbles == figures)
        // Framed again, the same bytes: the layout is kept.
        let scan = try Journal.scan(bytes, path: "journal")
        var again = Journal.header(version: StoreFormat.version(of: bytes))
        for f in scan.frames { again += Journal.frame(try Journal.decode(bytes, f)) }
        #expect(again == bytes)
    }

    @Test("The gallery takes each marble's movement from the last record, without the samples")
    func galleryFromTheRecord() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let (id, figures) = try GalleryIndexTests.drawing(store, marbles: 3)
        // Samples that count differently: if the gallery re-counted them, it would not match.
        let path = scratch.folder(id) + "/journal"
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let scan = try Journal.scan(bytes, path: path)
        let (_, _, summary) = try Self.lastSummary(path)
        var forged = summary
        forged.marbles = figures.map { MovementMeter.Figures(tiltDegrees: $0.tiltDegrees + 1, turnDegrees: $0.turnDegrees, activeSeconds: $0.activeSeconds) }
        let tail = Journal.frame(.title("again", forged))
        try Data(Array(bytes[0..<scan.validEnd]) + tail).write(to: URL(fileURLWithPath: path))
        #expect(try store.summarize(id).marbles == forged.marbles)
    }

    @Test("An old record (version 2 kinds) still reads with marble 1's movement alone", arguments: ["store-v2", "store-v4"])
    func oldRecord(_ name: String) throws {
        let (folder, id) = try PictureVersionTests.fixture(name)
        let (bytes, kind, summary) = try Self.lastSummary(folder.appendingPathComponent("journal").path)
        #expect(StoreFormat.version(of: bytes) < 6)
        #expect(kind.summaryLayout == .first && summary.layout == .first)
        #expect(summary.marbles.count == 1)
        // The gallery still gives one movement a marble (re-counted from the samples for several).
        let scratch = try StoreScratch()
        let store = try scratch.store()
        try FileManager.default.createDirectory(atPath: scratch.root + "/drawings", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder.path, toPath: scratch.folder(id))
        let entry = try store.summarize(id)
        #expect(entry.marbles.count == Journal.setupMarbles(bytes))
        #expect(entry.marbles.first == summary.marbles.first)
    }

    @Test("A summary of no marbles or more than four is refused as damage", arguments: [0, 5])
    func impossibleCount(_ n: Int) throws {
        var w = ByteWriter()
        w.f64(0); w.f64(0); w.u64(0); w.i64(0)
        w.u8(UInt8(n))
        for _ in 0..<n { w.f64(0); w.f64(0); w.f64(0) }
        var r = ByteReader(w.bytes, from: 0)
        #expect(throws: DecodeError.self) { try Journal.Summary.decode(from: &r, layout: .marbles) }
    }
}
