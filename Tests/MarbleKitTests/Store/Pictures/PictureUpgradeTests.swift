import Foundation
import Testing
@testable import MarbleKit

/// A drawing without a picture stays in version 2 (or 4) until see-through paint comes: its
/// journal's header says 5 before the first record that needs it.
@Suite("Store: see-through paint makes a drawing version 5")
struct PictureUpgradeTests {
    typealias P = PictureStoreSupport

    @Test("Opaque paint keeps version 2 (4 with four marbles); see-through paint makes it 5, and it reopens and goes on exactly",
          arguments: [1, 4], [false, true])
    func upgrades(marbles: Int, fromJournal: Bool) throws {
        var configuration = P.configuration
        configuration.marbles = marbles
        let rows: [[Sample]] = P.samples(count: 400).map { s in
            (0..<marbles).map { k in
                var x = s
                x.tilt = Vec2(k % 2 == 0 ? s.tilt.x : -s.tilt.x, k < 2 ? s.tilt.y : -s.tilt.y)
                return x
            }
        }
        // The samples begin see-through: start with 60 rows of opaque paint.
        let plain = (0..<60).map { i in rows[0].map { s -> Sample in var x = s; x.t = Double(i) / 60 - 2; x.opacity = 1; return x } }
        let all = plain + rows

        let reference = DrawingSession(configuration: configuration)
        for r in all { try reference.feed(r) }
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let d = try store.create(configuration: configuration)
        let path = scratch.folder(d.id) + "/journal"
        for r in plain { try d.feed(r) }
        try d.save()
        #expect(StoreFormat.version(of: scratch.bytes(path)) == StoreFormat.journalVersion)
        for r in rows { try d.feed(r) }
        try d.save()
        let journal = scratch.bytes(path)
        #expect(StoreFormat.version(of: journal) == StoreFormat.journalVersion)
        // The setup keeps its kind; the see-through samples are in layout 2.
        let scan = try Journal.scan(journal, path: path)
        #expect(scan.damage == nil && scan.frames.first?.kind == (marbles > 1 ? .begin3 : .begin2))
        #expect(journal[scan.frames.last!.offset + 5 + 33 + 24 * marbles] == 2, "the last samples record's layout")
        let id = d.id
        try d.close()
        #expect(StoreFormat.version(of: scratch.bytes(scratch.folder(id) + "/snapshot")) == StoreFormat.picturesVersion)
        if fromJournal { try FileManager.default.removeItem(atPath: scratch.folder(id) + "/snapshot") }
        let again = try store.open(id)
        #expect(again.recoveryNotes.isEmpty)
        #expect(SessionFingerprint(again.session) == SessionFingerprint(reference))
        #expect(again.session.strokes == reference.strokes)
        let more = (1...60).map { i in (0..<marbles).map { k in
            Sample(t: all.last![0].t + Double(i) / 60, tilt: Vec2(0.5, k % 2 == 0 ? 0.5 : -0.5), heading: 40, opacity: 0.2) } }
        for r in more {
            try again.feed(r)
            try reference.feed(r)
        }
        #expect(SessionFingerprint(again.session) == SessionFingerprint(reference))
        try again.close()
    }

    @Test("A crash between the header's 5 and the first see-through record leaves a journal this build reads as before and an older one refuses")
    func crashAfterTheHeader() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let d = try store.create(configuration: P.configuration)
        for s in P.samples().filter({ $0.opacity == 1 }) { try d.feed([s]) }
        let id = d.id, fingerprint = SessionFingerprint(d.session)
        try d.close()
        let path = scratch.folder(id) + "/journal"
        var journal = scratch.bytes(path)
        journal[8] = UInt8(StoreFormat.picturesVersion)
        try scratch.write(journal, to: path)
        try FileManager.default.removeItem(atPath: scratch.folder(id) + "/snapshot")
        let again = try store.open(id)
        #expect(again.recoveryNotes.isEmpty)
        #expect(SessionFingerprint(again.session) == fingerprint)
        again.release()
        #expect(StoreFormat.checkHeader(journal, magic: StoreFormat.journalMagic, supported: StoreFormat.marblesVersion, path: path, what: "journal")
                == .newerVersion(path: path, version: 5, supported: 4))
    }

    @Test("A two-marble drawing of version 3 (an earlier build's) refuses see-through paint and stays version 3")
    func version3Refuses() throws {
        let fixture = try #require(Bundle.module.url(forResource: "store-v3", withExtension: nil, subdirectory: "Fixtures/formats"))
        let scratch = try StoreScratch()
        try FileManager.default.createDirectory(atPath: scratch.root, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: scratch.root)
        try FileManager.default.copyItem(atPath: fixture.path, toPath: scratch.root)
        let store = try scratch.store()
        let id = try store.latestID()
        let d = try store.open(id)
        let t = d.resumeTime + 0.1
        #expect(throws: SessionError.notKept(opacity: 0.5)) {
            try d.feed([Sample(t: t, tilt: Vec2(0.5, 0)), Sample(t: t, tilt: Vec2(0.5, 0), opacity: 0.5)])
        }
        try d.feed([Sample(t: t, tilt: Vec2(0.5, 0)), Sample(t: t, tilt: Vec2(0.5, 0))])
        try d.close()
        #expect(StoreFormat.version(of: scratch.bytes(scratch.folder(id) + "/journal")) == StoreFormat.twoMarbleVersion)
    }
}
