import Foundation
import Testing
@testable import MarbleKit

/// Version 5 beside the versions before it: read are 1…5 (nothing read before is refused), an
/// older build refuses a version 5 file as newer, and drawings without pictures or see-through
/// paint are written as before, byte for byte.
@Suite("Store: format version 5 beside the others")
struct PictureVersionTests {
    static func fixture(_ name: String) throws -> (folder: URL, id: String) {
        let fixture = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/formats"))
        let id = try #require(try FileManager.default.contentsOfDirectory(atPath: fixture.appendingPathComponent("drawings").path).first)
        return (fixture.appendingPathComponent("drawings/\(id)"), id)
    }

    @Test("Every version read before is still read; 5 is read (6 for a snapshot); 6 (7) is newer; an older build (4) refuses 5 as newer")
    func readableVersions() {
        for magic in [StoreFormat.journalMagic, StoreFormat.snapshotMagic] {
            let readable: UInt32 = 6
            for v: UInt32 in 1...7 {
                var w = ByteWriter()
                w.raw(magic)
                w.u32(v)
                w.u32(0)
                let supported = magic == StoreFormat.snapshotMagic ? StoreFormat.readableSnapshotVersion : StoreFormat.readableJournalVersion
                let problem = StoreFormat.checkHeader(w.bytes, magic: magic, supported: supported, path: "f", what: "file")
                #expect(v <= readable ? problem == nil : problem == .newerVersion(path: "f", version: v, supported: readable), "\(v)")
                let older = StoreFormat.checkHeader(w.bytes, magic: magic, supported: StoreFormat.marblesVersion, path: "f", what: "file")
                #expect(v <= 4 ? older == nil : older == .newerVersion(path: "f", version: v, supported: 4), "\(v)")
            }
        }
        #expect(StoreFormat.readableJournalVersion == 6 && StoreFormat.picturesVersion == 5 && StoreFormat.readableSnapshotVersion == 6)
    }

    @Test("The frozen version 2 and 4 journals, every record framed again, are the same bytes", arguments: ["store-v2", "store-v4"])
    func journalsFramedAgain(_ name: String) throws {
        let (folder, _) = try Self.fixture(name)
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("journal")))
        let scan = try Journal.scan(bytes, path: name)
        #expect(scan.damage == nil)
        var again = Journal.header(version: StoreFormat.version(of: bytes))
        for f in scan.frames { again += Journal.frame(try Journal.decode(bytes, f)) }
        #expect(again == bytes)
    }

    @Test("The frozen version 4 snapshot, written again, is the same bytes")
    func version4SnapshotWrittenAgain() throws {
        let (folder, _) = try Self.fixture("store-v4")
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("snapshot")))
        let (session, meta) = try Snapshot.decode(bytes, path: "snapshot")
        #expect(Snapshot.encode(session.state, meta: meta) == bytes)
    }

    @Test("New drawings without a picture or see-through paint: journals of version 6 with the setup kinds of before; snapshots of version 6 (one marble) and 4 (several)")
    func newDrawingsAsBefore() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        for marbles in [1, 2, 4] {
            var c = PictureStoreSupport.configuration
            c.marbles = marbles
            let d = try store.create(configuration: c)
            for i in 0..<120 {
                let s = Sample(t: Double(i) / 60, tilt: Vec2(0.5, -0.3), heading: 90, penDown: true, width: i > 60 ? 9 : nil, erase: i > 90)
                try d.feed(Array(repeating: s, count: marbles))
            }
            _ = try d.undo()
            let id = d.id
            try d.close()
            let journal = scratch.bytes(scratch.folder(id) + "/journal")
            #expect(StoreFormat.version(of: journal) == StoreFormat.journalVersion)
            #expect(StoreFormat.version(of: scratch.bytes(scratch.folder(id) + "/snapshot")) == (marbles == 1 ? 6 : 4))
            #expect(try Journal.scan(journal, path: "j").frames.allSatisfy { [7, 14].contains($0.kind.rawValue) || (18...23).contains($0.kind.rawValue) })
        }
    }
}
