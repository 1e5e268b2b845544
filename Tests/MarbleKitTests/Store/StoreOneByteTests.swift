import Foundation
import Testing
@testable import MarbleKit

/// One damaged byte costs at most a minute of drawing: snapshots every 60 s of drawing, the
/// last two kept, and a journal damaged before a snapshot goes on from that snapshot.
@Suite("Store: one damaged byte")
struct StoreOneByteTests {
    static let configuration = SessionConfiguration(mode: .fake, canvasWidth: 320, canvasHeight: 200)

    /// One 10-minute drawing for every test here (made once: it takes a while), copied into a
    /// fresh store for each check.
    nonisolated(unsafe) static let master: (scratch: StoreScratch, id: String, print: SessionFingerprint) = {
        let scratch = try! StoreScratch()
        let (id, print) = try! tenMinutes(scratch)
        return (scratch, id, print)
    }()

    /// A fresh store holding a copy of the master drawing.
    static func copy() throws -> StoreScratch {
        let scratch = try StoreScratch()
        try? FileManager.default.removeItem(atPath: scratch.root)
        try FileManager.default.copyItem(atPath: master.scratch.root, toPath: scratch.root)
        return scratch
    }

    /// A 10-minute drawing at 60 samples a second, saved as the window saves, then closed.
    static func tenMinutes(_ scratch: StoreScratch) throws -> (id: String, print: SessionFingerprint) {
        let d = try scratch.store().create(configuration: configuration)
        for k in 0...36_000 {
            let t = Double(k) / 60
            try d.feed([Sample(t: t, tilt: Vec2(0.6 * sin(t * 0.7), 0.6 * cos(t * 0.45)), heading: (t * 10).truncatingRemainder(dividingBy: 360),
                              penDown: Int(t / 7) % 5 != 4)])
            try d.saveIfDue()
        }
        try d.close()
        return (d.id, SessionFingerprint(d.session))
    }

    /// Opens the drawing after `damage`, checks what was kept and that it goes on.
    static func check(_ label: String, damage: (inout [UInt8], inout [UInt8]) -> Void) throws {
        let scratch = try copy()
        let (id, whole) = (master.id, master.print)
        let folder = scratch.folder(id)
        var journal = scratch.bytes(folder + "/journal")
        var snapshot = scratch.bytes(folder + "/snapshot")
        damage(&journal, &snapshot)
        try scratch.write(journal, to: folder + "/journal")
        try scratch.write(snapshot, to: folder + "/snapshot")

        let d = try scratch.store().open(id)
        #expect(d.session.duration >= 539, "\(label): kept \(d.session.duration) s; \(d.recoveryNotes)")
        if SessionFingerprint(d.session) != whole {
            #expect(!d.recoveryNotes.isEmpty, "\(label): what was lost is said")
        }
        // It goes on, and what it goes on to is saved and opens again the same.
        try d.feed([Sample(t: 600.5, tilt: Vec2(0.5, 0.5))])
        try d.feed([Sample(t: 601, tilt: Vec2(0.5, 0.5))])
        try d.close()
        let after = SessionFingerprint(d.session)
        let again = try scratch.store().open(id)
        #expect(SessionFingerprint(again.session) == after, "\(label): reopened after going on")
        #expect(again.recoveryNotes.isEmpty, "\(label): \(again.recoveryNotes)")
        again.release()
    }

    @Test("a byte flipped at 5%, 50% or 95% of the journal, in its last record, or mid-snapshot keeps ≥ 539 of 600 s")
    func oneByte() throws {
        #expect(FileManager.default.fileExists(atPath: Self.master.scratch.folder(Self.master.id) + "/snapshot.1"), "the older snapshot is kept")
        for fraction in [0.05, 0.5, 0.95] {
            try Self.check("journal at \(fraction)") { j, _ in
                j[Int(Double(j.count) * fraction)] ^= 0x04
            }
        }
        try Self.check("the newest snapshot's own record") { j, _ in
            let frames = try! Journal.scan(j, path: "j").frames
            j[frames[frames.count - 1].offset + 12] ^= 0x04
        }
        try Self.check("mid-snapshot") { _, s in
            s[s.count / 2] ^= 0x04
        }
    }

    @Test("a repaired journal starts from a checkpoint, keeps the damaged file, and says so")
    func repairedJournal() throws {
        let scratch = try Self.copy()
        let (id, whole) = (Self.master.id, Self.master.print)
        let path = scratch.folder(id) + "/journal"
        var j = scratch.bytes(path)
        j[j.count / 20] ^= 0x80
        try scratch.write(j, to: path)
        let d = try scratch.store().open(id)
        #expect(SessionFingerprint(d.session) == whole)
        #expect(d.recoveryNotes.contains { $0.contains("went on from the snapshot") && $0.contains("kept as") }, "\(d.recoveryNotes)")
        d.release()
        let rebuilt = scratch.bytes(path)
        let frames = try Journal.scan(rebuilt, path: "j").frames
        #expect(frames[1].kind == .checkpoint6)
        let aside = try FileManager.default.contentsOfDirectory(atPath: scratch.folder(id)).filter { $0.hasPrefix("journal.damaged-") }
        #expect(aside.count == 1)
        #expect(scratch.bytes(scratch.folder(id) + "/" + aside[0]) == j)
        // With no snapshot at all the repaired journal alone gives the drawing.
        for name in ["snapshot", "snapshot.1"] { try? FileManager.default.removeItem(atPath: scratch.folder(id) + "/" + name) }
        let again = try scratch.store().open(id)
        #expect(SessionFingerprint(again.session) == whole)
        #expect(again.recoveryNotes.isEmpty)
        again.release()
    }
}
