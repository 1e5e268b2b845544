import Foundation
import Testing
@testable import MarbleKit

/// Edge cases found in review: each was a real bug once.
@Suite("Store: edge cases")
struct StoreEdgeTests {
    static let configuration = SessionConfiguration(mode: .real, canvasWidth: 200, canvasHeight: 150)

    static func walk(_ n: Int, from t0: Double = 0) -> [Sample] {
        (0..<n).map { i in
            let t = t0 + Double(i) / 60
            return Sample(t: t, tilt: Vec2(cos(t), sin(1.3 * t)), heading: t * 30, penDown: Int(t) % 4 != 3)
        }
    }

    @Test func aLongTitleIsClippedAndTheDrawingReopens() throws {
        let scratch = try StoreScratch()
        let d = try scratch.store().create(configuration: Self.configuration, title: String(repeating: "👨‍👩‍👧‍👦", count: 400))
        try d.rename(String(repeating: "🎨", count: 2000))
        for s in Self.walk(200) { try d.feed([s]) }
        try d.close()
        let r = try scratch.store().open(d.id)
        #expect(r.recoveryNotes.isEmpty, "\(r.recoveryNotes)")
        #expect(r.session.acceptedSamples == 200)
        #expect(r.title.utf8.count <= 1000 && r.title.hasPrefix("🎨"))
        r.release()
    }

    @Test func aFlippedLengthIsDamageWithACopyKeptNotATornTail() throws {
        let scratch = try StoreScratch()
        let d = try scratch.store().create(configuration: Self.configuration)
        d.policy.autosaveInterval = 0.1
        for s in Self.walk(600) {
            try d.feed([s])
            try d.saveIfDue()
        }
        try d.close()
        let path = scratch.folder(d.id) + "/journal"
        var j = scratch.bytes(path)
        let frames = try Journal.scan(j, path: "j").frames
        j[frames[3].offset + 2] ^= 0x10     // the length now runs far past the end
        try scratch.write(j, to: path)
        let r = try scratch.store().open(d.id)
        #expect(r.recoveryNotes.contains { $0.contains("kept as") }, "\(r.recoveryNotes)")
        let copies = try FileManager.default.contentsOfDirectory(atPath: scratch.folder(d.id)).filter { $0.contains("damaged") }
        #expect(copies.contains { scratch.bytes(scratch.folder(d.id) + "/" + $0) == j })
        // The snapshot's own record is intact past the damage: the drawing goes on from it whole.
        #expect(copies.count == 1, "the damaged journal is kept: \(copies)")
        #expect(SessionFingerprint(r.session) == SessionFingerprint(d.session))
        r.release()
    }

    @Test func aNewerIndexIsNeverOverwritten() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let d = try store.create(configuration: Self.configuration)
        try d.close()
        _ = store.list()
        var index = scratch.bytes(scratch.root + "/index")
        index[8] = 7
        try scratch.write(index, to: scratch.root + "/index")
        let (list, notes) = store.list()
        #expect(list.map(\.id) == [d.id])
        #expect(notes.contains { $0.contains("newer") })
        let again = try store.open(d.id)
        try again.rename("still ours")
        try again.close()
        #expect(scratch.bytes(scratch.root + "/index") == index)
    }

    @Test func aSnapshotWithImpossibleValuesIsRebuiltFromTheJournal() throws {
        let scratch = try StoreScratch()
        let d = try scratch.store().create(configuration: Self.configuration)
        for s in Self.walk(120) { try d.feed([s]) }
        try d.close()
        let expected = SessionFingerprint(d.session)
        let path = scratch.folder(d.id) + "/snapshot"
        let good = scratch.bytes(path)
        // Patch the origin to NaN and fix up the checksum, as a buggy writer might.
        let (_, meta) = try Snapshot.decode(good, path: "s")
        var w = ByteWriter()
        w.u64(UInt64(meta.journalEnd)); w.u32(meta.journalCRC); w.u64(UInt64(meta.journalStart)); w.f64(meta.created); w.f64(meta.modified); w.string(meta.title)
        Self.configuration.encode(into: &w)
        let originAt = Snapshot.headerSize + w.bytes.count + 1
        var bad = good
        withUnsafeBytes(of: Double.nan.bitPattern.littleEndian) { for (k, b) in $0.enumerated() { bad[originAt + k] = b } }
        let crc = CRC32.checksum(Array(bad[Snapshot.headerSize...]))
        withUnsafeBytes(of: crc.littleEndian) { for (k, b) in $0.enumerated() { bad[24 + k] = b } }
        #expect(throws: StoreError.self) { try Snapshot.decode(bad, path: "s") }
        try scratch.write(bad, to: path)
        let r = try scratch.store().open(d.id)
        #expect(SessionFingerprint(r.session) == expected)
        try r.feed([Sample(t: 3, tilt: Vec2(1, 0))])
        r.release()
    }

    @Test func aCutPictureGivesBackTheGoodPartOfItsDrawing() throws {
        let formats = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent("formats")
        let png = [UInt8](try Data(contentsOf: formats.appendingPathComponent("drawing-v1.png")))
        let cut = Array(png.dropLast(700))
        let found = try PictureChunk.extractRecovering(from: cut)
        #expect(found.damage != nil)
        let scratch = try StoreScratch()
        let d = try scratch.store().adopt(journal: found.drawing, source: "cut.png")
        #expect(d.session.acceptedSamples > 1000)
        #expect(!d.recoveryNotes.isEmpty)
        try d.close()
        // A drawing whose setup cannot make a session is refused and leaves nothing behind.
        var bad = Journal.header()
        bad += Journal.frame(.begin(Journal.Begin(created: 0, title: "x", configuration: Self.configuration)))
        let store = try scratch.store()
        let before = store.ids()
        bad[Journal.headerSize + 5 + 8 + 4 + 1 + 2 + 48] = 0      // canvas width 0 (low byte)…
        bad[Journal.headerSize + 5 + 8 + 4 + 1 + 2 + 49] = 0      // …and the next: 200 → 0
        let frames = try Journal.scan(bad, path: "b").frames      // the CRC no longer matches:
        #expect(frames.isEmpty)
        #expect(throws: StoreError.self) { try store.adopt(journal: bad, source: "bad.png") }
        #expect(store.ids() == before)
    }

    @Test func editsAfterTheFrontEndRanThePhysicsOnReplayExactly() throws {
        let scratch = try StoreScratch()
        let d = try scratch.store().create(configuration: Self.configuration)
        let samples = Self.walk(300)
        for (i, s) in samples.enumerated() {
            try d.feed([s])
            // A frame between samples: the physics runs on with the input held.
            try d.advance(to: s.t + 0.01)
            if i == 100 || i == 200 { try d.undo() }
            if i == 150 { try d.clearCanvas() }
            if i == 160 { try d.undo() }
        }
        try d.save()
        let live = SessionFingerprint(d.session)
        let id = d.id
        d.release()
        #expect(!FileManager.default.fileExists(atPath: scratch.folder(id) + "/snapshot"), "the journal alone")
        let r = try scratch.store().open(id)
        #expect(SessionFingerprint(r.session) == live)
        r.release()
    }
}

/// Autosaves that leave `fdatasync` to a background thread (the window's frame loop).
@Suite struct BackgroundSyncTests {
    @Test func autosaveWritesBeforeReturningAndCloseKeepsEverything() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let drawing = try store.create(configuration: SessionConfiguration())
        drawing.policy.syncInBackground = true
        let journal = scratch.folder(drawing.id) + "/journal"
        let samples = try replaySamples("figure-eight.csv", first: 600)
        var saves = 0
        for s in samples {
            _ = try drawing.feed([s])
            let before = scratch.bytes(journal).count
            if try drawing.saveIfDue() {
                saves += 1
                // The record is in the file when saveIfDue returns: killing the process now loses nothing.
                #expect(scratch.bytes(journal).count > before)
            }
        }
        #expect(saves >= 5)
        let live = SessionFingerprint(drawing.session)
        try drawing.close()
        let reopened = try store.open(drawing.id)
        defer { try? reopened.close() }
        #expect(SessionFingerprint(reopened.session) == live)
    }
}
