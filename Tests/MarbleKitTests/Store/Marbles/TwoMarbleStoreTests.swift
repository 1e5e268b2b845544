import Foundation
import Testing
@testable import MarbleKit

/// A two-marble drawing in the store: version 3 files, reopened and continued exactly (from its
/// snapshot and from its journal alone), its undo kept, its history played by Watch, its input
/// saved as a two-marble log; a one-marble drawing's files stay version 2.
@Suite("Store: two marbles")
struct TwoMarbleStoreTests {
    static let configuration: SessionConfiguration = {
        var c = SessionConfiguration(mode: .real, difficulty: .normal, canvasWidth: 320, canvasHeight: 200)
        c.marbles = 2
        return c
    }()

    /// Rows at 60 Hz: trails that cross, pens lifted now and then.
    static func row(_ t: Double) -> (Sample, Sample) {
        (Sample(t: t, tilt: Vec2(0.8 * Maths.cos(1.3 * t), 0.7 * Maths.sin(0.9 * t)), heading: (40 * t).truncatingRemainder(dividingBy: 360),
                penDown: Int(t) % 4 != 3),
         Sample(t: t, tilt: Vec2(-0.7 * Maths.sin(1.1 * t), 0.8 * Maths.cos(0.7 * t)), heading: (200 + 30 * t).truncatingRemainder(dividingBy: 360),
                penDown: Int(t) % 5 != 2))
    }

    static func feed(_ d: StoredDrawing, _ reference: DrawingSession, from a: Int, to b: Int) throws {
        for i in a..<b {
            let (x, y) = row(Double(i) / 60)
            try d.feed([x, y])
            try reference.feed([x, y])
            try d.saveIfDue()
        }
    }

    /// A new stored two-marble drawing fed `rows` rows, beside a plain session fed the same.
    struct Drawn {
        let scratch: StoreScratch
        let store: DrawingStateStore
        let drawing: StoredDrawing
        let reference: DrawingSession
    }

    static func drawn(rows: Int) throws -> Drawn {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let d = try store.create(configuration: configuration)
        let reference = DrawingSession(configuration: configuration)
        try feed(d, reference, from: 0, to: rows)
        return Drawn(scratch: scratch, store: store, drawing: d, reference: reference)
    }

    /// The parts of two sessions a continuation must agree on.
    static func same(_ a: ReadOnlySession, _ b: DrawingSession) -> Bool {
        a.canvas.pixelBytes == b.canvas.pixelBytes && a.marbles == b.marbles
            && a.strokes == b.strokes && a.history == b.history && a.stepCount == b.stepCount
    }

    static func version(_ path: String) throws -> UInt8 { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))[8] }

    @Test("Reopened from its snapshot, and from its journal alone, it goes on exactly as if never closed", arguments: [false, true])
    func reopen(journalOnly: Bool) throws {
        let drawn = try Self.drawn(rows: 360)
        let (scratch, store, d, reference) = (drawn.scratch, drawn.store, drawn.drawing, drawn.reference)
        let id = d.id
        try d.close()
        #expect(try Self.version(scratch.folder(id) + "/journal") == StoreFormat.journalVersion)
        #expect(try Self.version(scratch.folder(id) + "/snapshot") == StoreFormat.marblesVersion)
        if journalOnly { try FileManager.default.removeItem(atPath: scratch.folder(id) + "/snapshot") }
        let again = try store.open(id)
        #expect(again.recoveryNotes.isEmpty, "\(again.recoveryNotes)")
        #expect(again.session.marbles.count > 1)
        #expect(Self.same(again.session, reference), "reopened")
        try Self.feed(again, reference, from: 360, to: 720)
        #expect(Self.same(again.session, reference), "continued")
        try again.close()
    }

    @Test("Undo in a stored two-marble drawing: the picture survives reopening, and redo gives back the live one")
    func undo() throws {
        let drawn = try Self.drawn(rows: 400)
        let (store, d) = (drawn.store, drawn.drawing)
        let live = d.session.canvas.pixelBytes
        #expect(try d.undo())
        let undone = d.session.canvas.pixelBytes
        let id = d.id
        try d.close()
        let again = try store.open(id)
        let kept = again.session.canvas.pixelBytes == undone
        #expect(kept)
        #expect(try again.redo())
        let back = again.session.canvas.pixelBytes == live
        #expect(back)
        try again.close()
    }

    @Test("Watch plays its history to the drawing's picture, and seeks through keyframes exactly")
    func history() throws {
        let drawn = try Self.drawn(rows: 480)
        let (scratch, store, d, reference) = (drawn.scratch, drawn.store, drawn.drawing, drawn.reference)
        _ = try d.undo()
        try Self.feed(d, reference, from: 480, to: 600)
        let picture = d.session.canvas.pixelBytes
        let id = d.id
        try d.close()
        let h = try store.history(of: id)
        #expect(h.sampleCount == 600)
        let player = HistoryPlayer(h)
        player.playToEnd()
        #expect(player.failure == nil)
        let whole = player.canvas.pixelBytes == picture
        #expect(whole)
        let keyframes = HistoryKeyframes(h, scratchFolder: scratch.root, spacing: 100)
        keyframes.waitUntilReady()
        #expect(keyframes.count > 3)
        let seeker = HistoryPlayer(h)
        for f in [0.8, 0.3, 0.65, 0.1] {
            let t = h.startTime + h.span * f
            seeker.seek(to: t, using: keyframes, budget: 7)
            seeker.seek(to: t, using: keyframes)
            let fresh = HistoryPlayer(h)
            fresh.play(until: t)
            let exact = seeker.canvas.pixelBytes == fresh.canvas.pixelBytes
            #expect(exact, "at \(t) s")
        }
    }

    @Test("Save log writes a two-marble log, which replays to the drawing's picture")
    func inputLog() throws {
        let drawn = try Self.drawn(rows: 300)
        let (scratch, store, d, reference) = (drawn.scratch, drawn.store, drawn.drawing, drawn.reference)
        let id = d.id
        try d.close()
        let log = try store.inputLog(of: id)
        #expect(log.marbles.dropFirst().first?.count == 300 && log.marbles[0].count == 300)
        let path = scratch.root + "/two.csv"
        try store.writeInputLog(of: id, to: path, io: .system)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == log.text())
        let read = try MarbleLog.read(contentsOf: path, io: .system)
        var c = SessionConfiguration(setup: read.log.setup.setup)
        c.marbles = 2
        let replayed = try DrawingSession.replaying(read.log, configuration: c)
        let same = replayed.canvas.pixelBytes == reference.canvas.pixelBytes
        #expect(same)
    }

    @Test("A one-marble drawing's journal is version 6, as every new one; its snapshot is version 6 (one record a marble)")
    func oneMarbleStaysVersion2() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let d = try store.create(configuration: SessionConfiguration(canvasWidth: 320, canvasHeight: 200))
        for i in 0..<120 { try d.feed([Sample(t: Double(i) / 60, tilt: Vec2(0.5, 0.2), penDown: true)]) }
        let id = d.id
        try d.close()
        #expect(try Self.version(scratch.folder(id) + "/journal") == StoreFormat.journalVersion)
        #expect(try Self.version(scratch.folder(id) + "/snapshot") == 6)
    }

    @Test("The frozen two-marble drawing with a damaged snapshot opens from its journal, the same picture; with a torn journal tail, the rest")
    func damage() throws {
        let fixture = try #require(Bundle.module.url(forResource: "store-v3", withExtension: nil, subdirectory: "Fixtures/formats"))
        let expected = try String(contentsOf: fixture.appendingPathComponent("expected.txt"), encoding: .utf8)
        let scratch = try StoreScratch()
        try FileManager.default.createDirectory(atPath: scratch.root, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: scratch.root)
        try FileManager.default.copyItem(atPath: fixture.path, toPath: scratch.root)
        let store = try scratch.store()
        let id = try #require(store.list().drawings.first?.id)
        for name in ["snapshot", "snapshot.1"] {
            let path = scratch.folder(id) + "/" + name
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            bytes[bytes.count / 2] ^= 0x40
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        let d = try store.open(id)
        #expect(!d.recoveryNotes.isEmpty)
        #expect(expected.contains("canvas_sha256=\(d.session.report().canvasSHA256)"), "from the journal, the same picture")
        #expect(d.session.marbles.count > 1)
        d.release()

        // A torn last record: the drawing opens with what came before it.
        let journal = scratch.folder(id) + "/journal"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: journal)))
        bytes.removeLast(7)
        try Data(bytes).write(to: URL(fileURLWithPath: journal))
        let torn = try store.open(id)
        #expect(torn.session.marbles.count > 1 && torn.session.acceptedSamples > 0)
        torn.release()
    }
}
