import Foundation
import Testing
@testable import MarbleKit

/// The gallery's entries hold one movement record a marble, for one marble as for several:
/// from a drawing just saved, from the index (version 4), from the journal alone, and from an
/// index of version 2 or 3 written by an earlier marble.
@Suite("Store: the gallery index, one record a marble")
struct GalleryIndexTests {
    static let configuration = SessionConfiguration(mode: .real, difficulty: .normal, canvasWidth: 320, canvasHeight: 200)

    /// Row `i` at 60 Hz of `n` marbles, each tilting and turning its own way.
    static func row(_ i: Int, marbles n: Int) -> [Sample] {
        let t = Double(i) / 60
        return (0..<n).map { k in
            let a = t * (1 + 0.3 * Double(k)) + Double(k)
            return Sample(t: t, tilt: Vec2(0.7 * Maths.cos(a), 0.6 * Maths.sin(a)),
                          heading: (Double(k) * 80 + 40 * t * Double(k + 1)).truncatingRemainder(dividingBy: 360), penDown: true)
        }
    }

    /// A saved drawing of `n` marbles, and the figures its session counted, marble 1's first.
    static func drawing(_ store: DrawingStateStore, marbles n: Int) throws -> (id: String, figures: [MovementMeter.Figures]) {
        var c = configuration
        c.marbles = n
        let d = try store.create(configuration: c)
        for i in 0..<300 { try d.feed(row(i, marbles: n)) }
        let figures = d.session.marbles.map(\.movement.figures)
        let id = d.id
        try d.close()
        return (id, figures)
    }

    @Test("A drawing of one marble and one of three: one record a marble, in the index and read again from the journal",
          arguments: [1, 3])
    func oneRecordAMarble(marbles n: Int) throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let (id, figures) = try Self.drawing(store, marbles: n)
        #expect(figures.count == n && figures.allSatisfy { $0.tiltDegrees > 0 })
        let listed = try #require(store.list().drawings.first { $0.id == id })
        #expect(listed.marbles == figures)
        #expect(listed.movingShares.count == n)
        let index = scratch.bytes(store.indexPath)
        #expect(StoreFormat.version(of: index) == 4, "the index is written in version 4")
        // From the index alone: a fresh store object reads the same entry.
        #expect(try scratch.store().list().drawings.first?.marbles == figures)
        // Without the index: read again from the journal.
        try FileManager.default.removeItem(atPath: store.indexPath)
        #expect(store.list().drawings.first?.marbles == figures)
    }

    /// An index entry in version 2's or 3's layout for a drawing (of one marble: no players).
    static func oldEntry(_ w: inout ByteWriter, id: String, journalLength: Int, version: Int,
                         first: MovementMeter.Figures, players: [MovementMeter.Figures]) {
        w.string(id)
        w.string("old")
        w.f64(1_700_000_000)
        w.f64(1_700_000_100)
        w.f64(5)
        w.u64(7)
        w.u64(UInt64(journalLength))
        w.bool(true)
        w.f64(first.tiltDegrees)
        w.f64(first.turnDegrees)
        w.f64(first.activeSeconds)
        w.string("")
        if version == 3 {
            w.u8(UInt8(players.count))
            for m in players {
                w.f64(m.tiltDegrees)
                w.f64(m.turnDegrees)
                w.f64(m.activeSeconds)
            }
        }
    }

    @Test("An index of version 3 is read as it was written: one marble's entry and three's each become a list")
    func version3IndexIsRead() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let one = try Self.drawing(store, marbles: 1), three = try Self.drawing(store, marbles: 3)
        // Figures no journal holds: the entries are taken from the index, not read again.
        let made = (0..<4).map { MovementMeter.Figures(tiltDegrees: Double(100 + $0), turnDegrees: 7, activeSeconds: 2) }
        var w = ByteWriter()
        w.raw(StoreFormat.indexMagic)
        w.u32(3)
        w.u32(0)
        w.u32(2)
        Self.oldEntry(&w, id: one.id, journalLength: scratch.bytes(scratch.folder(one.id) + "/journal").count, version: 3,
                      first: made[0], players: [])
        Self.oldEntry(&w, id: three.id, journalLength: scratch.bytes(scratch.folder(three.id) + "/journal").count, version: 3,
                      first: made[1], players: Array(made[1...3]))
        w.u32(CRC32.checksum(w.bytes))
        try Data(w.bytes).write(to: URL(fileURLWithPath: store.indexPath))
        let (entries, notes) = store.list()
        #expect(notes.isEmpty, "\(notes)")
        #expect(entries.first { $0.id == one.id }?.marbles == [made[0]])
        #expect(entries.first { $0.id == three.id }?.marbles == Array(made[1...3]))
    }

    @Test("An index of version 2 is read, and its entries counted again from their journals")
    func version2IndexIsReadAgain() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let one = try Self.drawing(store, marbles: 1)
        let made = MovementMeter.Figures(tiltDegrees: 123, turnDegrees: 7, activeSeconds: 2)
        var w = ByteWriter()
        w.raw(StoreFormat.indexMagic)
        w.u32(2)
        w.u32(0)
        w.u32(1)
        Self.oldEntry(&w, id: one.id, journalLength: scratch.bytes(scratch.folder(one.id) + "/journal").count, version: 2,
                      first: made, players: [])
        w.u32(CRC32.checksum(w.bytes))
        try Data(w.bytes).write(to: URL(fileURLWithPath: store.indexPath))
        let (entries, notes) = store.list()
        #expect(notes.isEmpty, "\(notes)")
        #expect(entries.first?.marbles == one.figures)
        #expect(StoreFormat.version(of: scratch.bytes(store.indexPath)) == 4, "rewritten in version 4")
    }
}
