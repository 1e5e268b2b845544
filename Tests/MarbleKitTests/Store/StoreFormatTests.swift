import Foundation
import Testing
@testable import MarbleKit

/// The store's building blocks: checksums, the picture chunk, locations, ids, permissions,
/// and the frozen copy of every format version, which must load forever.
@Suite("Store: formats")
struct StoreFormatTests {
    @Test func crc32MatchesZlib() {
        // zlib.crc32 values.
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        let data = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        let whole = CRC32.checksum(data)
        #expect(CRC32.checksum(Array(data[4321...]), continuing: CRC32.checksum(Array(data[..<4321]))) == whole)
    }

    @Test func pictureChunkRoundTripsAndIsRefusedWhenAbsentOrDamaged() throws {
        // A minimal valid PNG: signature, IHDR, IDAT, IEND (from zlib-compressed 1×1 RGBA).
        let png = try #require(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4//8/AwAI/AL+hc2rNAAAAABJRU5ErkJggg=="))
        let drawing = Array("a drawing".utf8)
        let with = try PictureChunk.embed(drawing, in: [UInt8](png))
        #expect(Array(with.suffix(12)) == Array([UInt8](png).suffix(12)), "IEND stays last")
        #expect(try PictureChunk.extract(from: with) == drawing)
        #expect(throws: PictureChunk.Problem.noDrawing) { try PictureChunk.extract(from: [UInt8](png)) }
        #expect(throws: PictureChunk.Problem.notPNG) { try PictureChunk.extract(from: Array("not a png".utf8)) }
        var flipped = with
        flipped[with.count - 20] ^= 1
        #expect(throws: PictureChunk.Problem.self) { try PictureChunk.extract(from: flipped) }
    }

    @Test func locationFollowsFlagThenEnvironment() {
        typealias S = DrawingStateStore
        #expect(S.location(explicit: "/a", folders: UserFolders(variables: ["MARBLE_HOME": "/b"])) == "/a")
        #expect(S.location(explicit: nil, folders: UserFolders(variables: ["MARBLE_HOME": "/b", "XDG_DATA_HOME": "/c"])) == "/b")
        #expect(S.location(explicit: nil, folders: UserFolders(variables: ["XDG_DATA_HOME": "/c", "HOME": "/h"])) == "/c/marble")
        #expect(S.location(explicit: nil, folders: UserFolders(variables: ["XDG_DATA_HOME": "relative", "HOME": "/h"])) == "/h/.local/share/marble")
        #expect(S.location(explicit: nil, folders: UserFolders(variables: ["HOME": "/h"])) == "/h/.local/share/marble")
    }

    @Test func idsAreSafeInAPath() throws {
        for bad in ["", "..", "../x", "a/b", "-rf", "A", "x y", String(repeating: "a", count: 65), "é"] {
            #expect(!DrawingStateStore.isValidID(bad), "\(bad)")
        }
        let scratch = try StoreScratch()
        let store = try scratch.store()
        #expect(throws: StoreError.badID("../etc")) { try store.open("../etc") }
        #expect(throws: StoreError.notFound(id: "nope")) { try store.open("nope") }
        let d = try store.create(configuration: SessionConfiguration(canvasWidth: 64, canvasHeight: 64))
        #expect(DrawingStateStore.isValidID(d.id))
        try d.close()
    }

    @Test func foldersAre0700AndFiles0600() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let d = try store.create(configuration: SessionConfiguration(canvasWidth: 64, canvasHeight: 64))
        try d.feed([Sample(t: 0, tilt: Vec2(1, 0))])
        try d.feed([Sample(t: 1, tilt: .zero)])
        try d.close()
        _ = store.list()
        func mode(_ p: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: p)[.posixPermissions] as? Int) ?? -1
        }
        #expect(try mode(scratch.root) == 0o700)
        #expect(try mode(scratch.root + "/drawings") == 0o700)
        #expect(try mode(scratch.folder(d.id)) == 0o700)
        for name in ["journal", "snapshot", "lock"] { #expect(try mode(scratch.folder(d.id) + "/" + name) == 0o600, "\(name)") }
        #expect(try mode(scratch.root + "/index") == 0o600)
    }

    @Test func leftoverTemporaryFilesAndHalfDeletedDrawingsAreCleanedUp() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let d = try store.create(configuration: SessionConfiguration(canvasWidth: 64, canvasHeight: 64))
        try d.close()
        // PID 2^22 + 1 is above Linux's pid_max limit: no such process.
        let dead = scratch.folder(d.id) + "/.snapshot.tmp-4194305.77"
        let live = scratch.folder(d.id) + "/.snapshot.tmp-\(getpid()).78"
        try scratch.write([1, 2, 3], to: dead)
        try scratch.write([1, 2, 3], to: live)
        try FileManager.default.createDirectory(atPath: scratch.root + "/.deleting-x-1", withIntermediateDirectories: true)
        _ = try scratch.store()
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: live), "a live writer's file is left alone")
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/.deleting-x-1"))
    }

    @Test func deleteRemovesOnlyThatDrawing() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let a = try store.create(configuration: SessionConfiguration(canvasWidth: 64, canvasHeight: 64))
        try a.close()
        let b = try store.create(configuration: SessionConfiguration(canvasWidth: 64, canvasHeight: 64))
        #expect(throws: StoreError.busy(id: b.id)) { try store.delete(b.id) }
        try b.close()
        try store.delete(a.id)
        #expect(store.list().drawings.map(\.id) == [b.id])
        #expect(throws: StoreError.notFound(id: a.id)) { try store.delete(a.id) }
    }

    /// Loads a frozen store fixture from the snapshot and again from the journal alone, checks
    /// it against its expected.txt, and hands each opened drawing to `more` for its version's
    /// own checks.
    static func checkFrozenStore(_ name: String, more: (StoredDrawing, [String: String], DrawingSummary?) -> Void = { _, _, _ in }) throws {
        let fixture = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/formats"))
        let scratch = try StoreScratch()
        try FileManager.default.createDirectory(atPath: scratch.root, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: scratch.root)
        try FileManager.default.copyItem(atPath: fixture.path, toPath: scratch.root)
        let expected = try String(contentsOf: fixture.appendingPathComponent("expected.txt"), encoding: .utf8)
            .split(separator: "\n").reduce(into: [String: String]()) { d, line in
                let kv = line.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { d[String(kv[0])] = String(kv[1]) }
            }
        let store = try scratch.store()
        let (list, notes) = store.list()
        #expect(notes.isEmpty, "\(notes)")
        let id = try #require(expected["id"])
        #expect(list.map(\.id) == [id])
        #expect(list.first?.segments == Int(expected["segments"] ?? ""))
        // From the snapshot, and again from the journal alone: the same drawing.
        for fromJournal in [false, true] {
            if fromJournal {
                try FileManager.default.removeItem(atPath: scratch.folder(id) + "/snapshot")
                try? FileManager.default.removeItem(atPath: scratch.folder(id) + "/snapshot.1")
            }
            let d = try store.open(id)
            #expect(d.recoveryNotes.isEmpty, "\(d.recoveryNotes)")
            let r = d.session.report()
            #expect(r.canvasSHA256 == expected["canvas_sha256"])
            #expect(r.samples == Int(expected["samples"] ?? ""))
            #expect(r.segments == Int(expected["segments"] ?? ""))
            #expect(d.title == expected["title"])
            #expect(d.session.canRedo, "the fixture ends with an undo")
            more(d, expected, list.first)
            d.release()
        }
    }

    /// The frozen v1 store: made once by `Tests/Tools/make_store_fixture.sh`, loaded forever.
    @Test func frozenVersion1StoreLoads() throws {
        try Self.checkFrozenStore("store-v1")
    }

    /// The frozen v2 store (`Tests/Tools/make_store_fixture_v2.sh`): a traced star, the eraser,
    /// three widths, the movement, two snapshots.
    @Test func frozenVersion2StoreLoads() throws {
        try Self.checkFrozenStore("store-v2") { d, expected, entry in
            #expect(entry?.trace?.rawValue == expected["trace"])
            #expect(entry?.marbles.isEmpty == false)
            #expect(d.trace?.rawValue == expected["trace"])
            let m = d.session.marbles[0].movement.figures
            let tenth = { (x: Double) in "\((x * 10).rounded() / 10)" }
            #expect([tenth(m.tiltDegrees), tenth(m.turnDegrees), tenth(m.activeSeconds)].joined(separator: ",") == expected["movement"])
            #expect(d.session.strokes.contains { $0.width == 25 } && d.session.strokes.contains { $0.width == 3 })
            #expect(d.session.strokes.contains { s in s.points.allSatisfy { $0.color == d.session.configuration.background } })
        }
    }

    /// The frozen v3 store (`Tests/Tools/make_store_fixture_v3.sh`): two marbles whose trails
    /// cross, marble 2 with a width of 20 and the eraser for a while, an undo, two snapshots.
    /// It goes on the same from its snapshot as from its journal alone.
    @Test func frozenVersion3StoreLoads() throws {
        var continued: [String] = []
        try Self.checkFrozenStore("store-v3") { d, _, entry in
            #expect(d.session.configuration.marbles == 2 && d.session.marbles.count > 1)
            #expect(entry?.marbles.isEmpty == false)
            #expect(d.session.strokes.contains { $0.width == 20 })
            #expect(d.session.strokes.allSatisfy { $0.order?.count == $0.points.count })
            let t0 = d.resumeTime
            for i in 1...120 {
                let t = t0 + Double(i) / 60
                _ = try? d.feed([Sample(t: t, tilt: Vec2(0.6, -0.3), heading: 90, penDown: true),
                                 Sample(t: t, tilt: Vec2(-0.4, 0.5), heading: 270, penDown: true)])
            }
            continued.append(d.session.report().canvasSHA256)
        }
        #expect(continued.count == 2 && continued[0] == continued[1])
    }

    /// The frozen v4 store (`Tests/Tools/make_store_fixture_v4.sh`): four marbles whose trails
    /// cross and whose balls meet, marble 2 with a width of 20 and marble 3 with the eraser for
    /// a while, an undo, two snapshots, every file version 4. Redo brings back the picture from
    /// before the undo and undo takes it away again; it goes on the same from its snapshot as
    /// from its journal alone.
    @Test func frozenVersion4StoreLoads() throws {
        let fixture = try #require(Bundle.module.url(forResource: "store-v4", withExtension: nil, subdirectory: "Fixtures/formats"))
        let drawings = fixture.appendingPathComponent("drawings")
        let id = try #require(try FileManager.default.contentsOfDirectory(atPath: drawings.path).first)
        for name in ["journal", "snapshot", "snapshot.1"] {
            let bytes = [UInt8](try Data(contentsOf: drawings.appendingPathComponent("\(id)/\(name)")))
            #expect(StoreFormat.version(of: bytes) == StoreFormat.marblesVersion, "\(name)")
        }
        // What the two continuations must agree on. (Not the pens' layer numbers: the second
        // opening replays the first one's redo and undo, which number the layers afresh.)
        struct Continued: Equatable {
            var canvas: String
            var balls: [BallState]
            var movements: [MovementMeter]
            var strokes: [Stroke]
        }
        var continued: [Continued] = []
        try Self.checkFrozenStore("store-v4") { d, expected, entry in
            let background = d.session.configuration.background
            #expect(d.session.configuration.marbles == 4 && d.session.marbles.count == 4)
            #expect(entry?.marbles.isEmpty == false)
            let strokes = d.session.strokes
            #expect(Set(strokes.map(\.marble)) == [0, 1, 2, 3])
            #expect(strokes.contains { $0.marble == 1 && $0.width == 20 })
            #expect(strokes.contains { s in s.marble == 2 && s.points.allSatisfy { $0.color == background } }, "marble 3's eraser")
            #expect(strokes.allSatisfy { $0.order?.count == $0.points.count })
            #expect((try? d.redo()) == true)
            #expect(d.session.report().canvasSHA256 == expected["redo_canvas_sha256"])
            #expect((try? d.undo()) == true)
            #expect(d.session.report().canvasSHA256 == expected["canvas_sha256"])
            let t0 = d.resumeTime
            for i in 1...120 {
                let t = t0 + Double(i) / 60
                _ = try? d.feed([Sample(t: t, tilt: Vec2(0.6, -0.3), heading: 90, penDown: true),
                                 Sample(t: t, tilt: Vec2(-0.4, 0.5), heading: 270, penDown: true),
                                 Sample(t: t, tilt: Vec2(0.5, 0.5), heading: 30, penDown: true, width: 12),
                                 Sample(t: t, tilt: Vec2(-0.5, -0.6), heading: 200, penDown: true, erase: true)])
            }
            let s = d.session
            continued.append(Continued(canvas: s.report().canvasSHA256, balls: s.marbles.map(\.ball),
                                       movements: s.marbles.map(\.movement), strokes: s.strokes))
        }
        #expect(continued.count == 2 && continued[0] == continued[1])
    }

    /// The frozen v1 exported picture (the fixture drawing, via `marble export`): it opens as a
    /// new drawing with the same picture, history and all.
    @Test func frozenVersion1PictureOpens() throws {
        let formats = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent("formats")
        let png = [UInt8](try Data(contentsOf: formats.appendingPathComponent("drawing-v1.png")))
        let expected = try String(contentsOf: formats.appendingPathComponent("store-v1/expected.txt"), encoding: .utf8)
        let journal = try PictureChunk.extract(from: png)
        let scratch = try StoreScratch()
        let d = try scratch.store().adopt(journal: journal, source: "drawing-v1.png")
        #expect(d.recoveryNotes.isEmpty)
        #expect(expected.contains("canvas_sha256=\(d.session.report().canvasSHA256)"))
        #expect(expected.contains("title=\(d.title)"))
        #expect(d.session.canRedo)
        try d.close()
    }
}
