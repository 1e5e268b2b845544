import Foundation
import Testing
@testable import MarbleKit

/// A one-marble drawing's snapshot is written as two to four marbles' are: one record a marble
/// (`Marble.encode`), version 6, which an older build refuses as newer.
@Suite("Store: a one-marble snapshot in the per-marble layout")
struct OneMarbleSnapshotTests {
    /// A closed one-marble drawing's id, with strokes, an undo and a tool change in it.
    static func drawing(_ scratch: StoreScratch) throws -> String {
        let store = try scratch.store()
        let d = try store.create(configuration: SessionConfiguration(canvasWidth: 160, canvasHeight: 120))
        for i in 0..<150 {
            try d.feed([Sample(t: Double(i) / 60, tilt: Vec2(0.4, i < 75 ? -0.3 : 0.3), heading: Double(i), penDown: i % 40 < 30,
                               width: i > 100 ? 7 : nil)])
        }
        _ = try d.undo()
        let id = d.id
        try d.close()
        return id
    }

    @Test("The snapshot is version 6: the configuration, one marble, the clock and counts, then marble 1's own record")
    func layout() throws {
        let scratch = try StoreScratch()
        let id = try Self.drawing(scratch)
        let bytes = scratch.bytes(scratch.folder(id) + "/snapshot")
        #expect(StoreFormat.version(of: bytes) == StoreFormat.oneMarbleSnapshotVersion)
        let (session, _) = try Snapshot.decode(bytes, path: "snapshot")
        #expect(session.marbles.count == 1 && session.strokes.count > 1)

        // After the meta: the configuration, u8 1, the clock (17 bytes), the counts (16), the
        // layers issued (4), and then the marble's record exactly as `Marble.encode` writes it.
        var r = ByteReader(bytes, from: Snapshot.headerSize)
        _ = try r.u64(); _ = try r.u32(); _ = try r.u64(); _ = try r.f64(); _ = try r.f64(); _ = try r.string()
        #expect(try SessionConfiguration.decode(from: &r) == session.configuration)
        #expect(try r.u8() == 1)
        _ = try r.raw(17 + 16 + 4)
        var record = ByteWriter()
        session.marbles[0].encode(into: &record)
        #expect(Array(try r.raw(record.bytes.count)) == record.bytes)

        // One writer: the same bytes as the state written in the layout of several marbles.
        var payload = ByteWriter()
        Snapshot.encodeMarblesState(session.state, into: &payload) { _ in }
        #expect(Array(bytes.suffix(payload.bytes.count)) == payload.bytes)
    }

    @Test("It reopens to the drawing it saved and goes on as the drawing never closed would")
    func reopens() throws {
        let scratch = try StoreScratch()
        let id = try Self.drawing(scratch)
        let d = try scratch.store().open(id)
        let live = DrawingSession(configuration: SessionConfiguration(canvasWidth: 160, canvasHeight: 120))
        for i in 0..<150 {
            try live.feed([Sample(t: Double(i) / 60, tilt: Vec2(0.4, i < 75 ? -0.3 : 0.3), heading: Double(i), penDown: i % 40 < 30,
                                  width: i > 100 ? 7 : nil)])
        }
        _ = live.undo()
        #expect(d.session.marbles == live.marbles)
        let more = Sample(t: 3, tilt: Vec2(-0.5, 0.2), heading: 200, penDown: true)
        try d.feed([more])
        try live.feed([more])
        #expect(d.session.marbles == live.marbles)
        #expect(d.session.report().canvasSHA256 == live.report().canvasSHA256)
        try d.close()
    }

    @Test("An older build (reading up to version 5) refuses the one-marble snapshot as newer")
    func olderBuildRefuses() throws {
        let scratch = try StoreScratch()
        let id = try Self.drawing(scratch)
        let bytes = scratch.bytes(scratch.folder(id) + "/snapshot")
        let problem = StoreFormat.checkHeader(bytes, magic: StoreFormat.snapshotMagic, supported: StoreFormat.picturesVersion,
                                              path: "snapshot", what: "snapshot")
        #expect(problem == .newerVersion(path: "snapshot", version: 6, supported: 5))
    }

    @Test("The frozen version 2 snapshot (one marble inline) is read, and written again as version 6 reads back the same state")
    func frozenVersion2WrittenAsVersion6() throws {
        let (folder, _) = try PictureVersionTests.fixture("store-v2")
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("snapshot")))
        #expect(StoreFormat.version(of: bytes) == 2)
        let (session, meta) = try Snapshot.decode(bytes, path: "snapshot")
        let again = Snapshot.encode(session.state, meta: meta)
        #expect(StoreFormat.version(of: again) == 6)
        let (back, backMeta) = try Snapshot.decode(again, path: "again")
        #expect(backMeta == meta)
        #expect(back.state == session.state)
        #expect(Snapshot.encode(back.state, meta: meta) == again, "version 6 written again: the same bytes")
    }
}
