import Foundation
import Testing
@testable import MarbleKit

/// Damaged files: detected by checksums, the valid part recovered and said so, the other
/// drawings never touched, nothing ever crashing.
@Suite("Store: damage and recovery")
struct StoreDamageTests {
    static let configuration = SessionConfiguration(mode: .real, canvasWidth: 320, canvasHeight: 200)

    /// A store with two drawings: `victim` (many small records and an undo) and `bystander`.
    struct Fixture {
        let scratch: StoreScratch
        var victim = ""
        var bystander = ""
        var bystanderPrint: SessionFingerprint?
        var samples: [Sample] = []

        init() throws {
            scratch = try StoreScratch()
            let store = try scratch.store()
            samples = try replaySamples("scribble.csv", first: 300)
            let v = try store.create(configuration: StoreDamageTests.configuration)
            v.policy.autosaveInterval = 0.2
            for (i, s) in samples.enumerated() {
                try v.feed([s])
                try v.saveIfDue()
                if i == 200 { try v.undo() }
            }
            try v.close()
            victim = v.id
            let b = try store.create(configuration: StoreDamageTests.configuration)
            for s in samples.prefix(100) { try b.feed([s]) }
            try b.close()
            bystander = b.id
            bystanderPrint = SessionFingerprint(b.session)
        }

        var journalPath: String { scratch.folder(victim) + "/journal" }

        /// The bystander is byte for byte as it was and opens to the same state.
        func checkBystander(_ before: [String: [UInt8]]) throws {
            #expect(scratch.files(bystander) == before, "another drawing's files changed")
            let b = try scratch.store().open(bystander)
            #expect(SessionFingerprint(b.session) == bystanderPrint)
            b.release()
        }
    }

    /// The state the first `records` journal records replay to, computed without the store.
    static func expected(_ bytes: [UInt8], records: Int) throws -> SessionFingerprint {
        let scan = try Journal.scan(bytes, path: "journal")
        let s = DrawingSession(configuration: configuration)
        for f in scan.frames[1..<records] {
            switch try Journal.decode(bytes, f) {
            case .samples(let xs, _): for x in xs { try s.feed([x]) }
            case .undo: s.undo()
            case .redo: s.redo()
            case .clear: s.clearCanvas()
            default: break
            }
        }
        return SessionFingerprint(s)
    }

    @Test("truncation at every record boundary and inside records keeps the longest good prefix",
          arguments: [true, false])
    func truncation(keepSnapshot: Bool) throws {
        let fx = try Fixture()
        let original = fx.scratch.bytes(fx.journalPath)
        let snapshot = fx.scratch.bytes(fx.scratch.folder(fx.victim) + "/snapshot")
        let frames = try Journal.scan(original, path: "journal").frames
        #expect(frames.count > 20)
        let bystander = fx.scratch.files(fx.bystander)
        // Every boundary, and a cut inside each record (its length field, its body, its CRC).
        var cuts: [(Int, Int)] = []   // (length, complete records)
        for (k, f) in frames.enumerated() {
            cuts.append((f.end, k + 1))
            if k > 0 { cuts.append((f.offset + (f.end - f.offset) / 2, k)) }
            if k > 0 && k % 4 == 1 { cuts += [(f.offset + 2, k), (f.end - 1, k)] }
        }
        for (length, records) in cuts.filter({ $0.1 >= 1 }) {
            try fx.scratch.write(Array(original[..<length]), to: fx.journalPath)
            let snapPath = fx.scratch.folder(fx.victim) + "/snapshot"
            if keepSnapshot { try fx.scratch.write(snapshot, to: snapPath) } else { try? FileManager.default.removeItem(atPath: snapPath) }
            let d = try fx.scratch.store().open(fx.victim)
            #expect(SessionFingerprint(d.session) == (try Self.expected(original, records: records)), "cut at \(length)")
            if length != original.count && length != frames[records - 1].end {
                #expect(d.recoveryNotes.contains { $0.contains("cut short") }, "cut at \(length): \(d.recoveryNotes)")
            }
            #expect(fx.scratch.bytes(fx.journalPath).count == frames[records - 1].end, "the torn tail is cut off")
            d.release()
        }
        try fx.checkBystander(bystander)
    }

    @Test("a cut inside the header or the setup record is refused, the files left as they are")
    func unrecoverable() throws {
        let fx = try Fixture()
        let original = fx.scratch.bytes(fx.journalPath)
        let bystander = fx.scratch.files(fx.bystander)
        for length in [0, 5, 12, 16, 20, Journal.headerSize + 30] {
            try fx.scratch.write(Array(original[..<length]), to: fx.journalPath)
            try? FileManager.default.removeItem(atPath: fx.scratch.folder(fx.victim) + "/snapshot")
            let before = fx.scratch.files(fx.victim)
            #expect(throws: StoreError.self) { try fx.scratch.store().open(fx.victim) }
            #expect(fx.scratch.files(fx.victim) == before)
            // The gallery still lists the others and says what is wrong.
            let (list, notes) = try fx.scratch.store().list()
            #expect(list.map(\.id) == [fx.bystander])
            #expect(notes.contains { $0.contains(fx.victim) })
        }
        try fx.checkBystander(bystander)
    }

    @Test("random bit flips recover a valid prefix or refuse cleanly")
    func bitFlips() throws {
        let fx = try Fixture()
        let original = fx.scratch.bytes(fx.journalPath)
        let snapPath = fx.scratch.folder(fx.victim) + "/snapshot"
        let snapshot = fx.scratch.bytes(snapPath)
        let full = try Self.expected(original, records: try Journal.scan(original, path: "j").frames.count)
        let bystander = fx.scratch.files(fx.bystander)
        var rng = SplitMix64(seed: 0x5EED)
        var recovered = 0, refused = 0
        for round in 0..<40 {
            var j = original
            var snap = snapshot
            // Flip in the journal (snapshot removed or kept), or in the snapshot.
            let target = round % 3
            if target < 2 {
                let at = Int(rng.next() % UInt64(j.count))
                j[at] ^= UInt8(1) << (rng.next() % 8)
            } else {
                let at = Int(rng.next() % UInt64(snap.count))
                snap[at] ^= UInt8(1) << (rng.next() % 8)
            }
            try fx.scratch.write(j, to: fx.journalPath)
            if target == 0 { try? FileManager.default.removeItem(atPath: snapPath) } else { try fx.scratch.write(snap, to: snapPath) }
            for name in (try FileManager.default.contentsOfDirectory(atPath: fx.scratch.folder(fx.victim))) where name.contains("damaged") {
                try FileManager.default.removeItem(atPath: fx.scratch.folder(fx.victim) + "/" + name)
            }
            do {
                let d = try fx.scratch.store().open(fx.victim)
                recovered += 1
                let kept = SessionFingerprint(d.session)
                if target == 2 {
                    #expect(kept == full, "a damaged snapshot is rebuilt from the journal")
                } else {
                    let frames = try Journal.scan(fx.scratch.bytes(fx.journalPath), path: "j").frames
                    if frames.count > 1, frames[1].kind.isCheckpoint {
                        // Rebuilt from the snapshot, whose record was intact past the damage.
                        #expect(kept == full, "round \(round)")
                    } else {
                        #expect(kept == (try Self.expected(original, records: frames.count)), "round \(round)")
                    }
                    if j != original {
                        #expect(!d.recoveryNotes.isEmpty)
                    }
                }
                d.release()
            } catch let error as StoreError {
                refused += 1
                #expect(error.isBadData, "round \(round): \(error)")
            }
        }
        #expect(recovered > 20)
        try fx.checkBystander(bystander)
    }

    @Test("a damaged journal is kept aside, never overwritten")
    func damagedJournalKept() throws {
        let fx = try Fixture()
        var j = fx.scratch.bytes(fx.journalPath)
        let frames = try Journal.scan(j, path: "j").frames
        j[frames[10].offset + 7] ^= 0x40
        try fx.scratch.write(j, to: fx.journalPath)
        // With no snapshot past the damage, the longest good prefix is what is left.
        for name in ["snapshot", "snapshot.1"] { try? FileManager.default.removeItem(atPath: fx.scratch.folder(fx.victim) + "/" + name) }
        let d = try fx.scratch.store().open(fx.victim)
        #expect(d.recoveryNotes.contains { $0.contains("fails its checksum") && $0.contains("kept as") }, "\(d.recoveryNotes)")
        d.release()
        let aside = try FileManager.default.contentsOfDirectory(atPath: fx.scratch.folder(fx.victim)).filter { $0.hasPrefix("journal.damaged-") }
        #expect(aside.count == 1)
        #expect(fx.scratch.bytes(fx.scratch.folder(fx.victim) + "/" + aside[0]) == j)
        #expect(fx.scratch.bytes(fx.journalPath).count == frames[9].end)
    }

    @Test("a file from a newer version is refused and left untouched")
    func newerVersion() throws {
        let fx = try Fixture()
        for file in ["journal", "snapshot"] {
            let path = fx.scratch.folder(fx.victim) + "/" + file
            let original = fx.scratch.bytes(path)
            var newer = original
            // The newest this build reads (6 for a journal, 6 for a snapshot) is `ours`; one past it is newer.
            let ours = file == "journal" ? StoreFormat.readableJournalVersion : StoreFormat.readableSnapshotVersion
            newer[8] = UInt8(ours + 1)
            try fx.scratch.write(newer, to: path)
            let before = fx.scratch.files(fx.victim)
            #expect {
                try fx.scratch.store().open(fx.victim)
            } throws: { error in
                guard case .newerVersion(_, ours + 1, ours)? = error as? StoreError else { return false }
                return "\(error)".contains("newer")
            }
            #expect(fx.scratch.files(fx.victim) == before)
            try fx.scratch.write(original, to: path)
        }
    }

    @Test("a damaged or missing index is rebuilt from the drawings")
    func indexRebuilt() throws {
        let fx = try Fixture()
        let store = try fx.scratch.store()
        let good = store.list()
        #expect(good.notes.isEmpty)
        #expect(Set(good.drawings.map(\.id)) == [fx.victim, fx.bystander])
        #expect(good.drawings.first?.id == fx.bystander, "newest first")
        var index = fx.scratch.bytes(fx.scratch.root + "/index")
        index[index.count / 2] ^= 1
        try fx.scratch.write(index, to: fx.scratch.root + "/index")
        let rebuilt = store.list()
        #expect(rebuilt.notes.contains { $0.contains("rebuilt") })
        #expect(rebuilt.drawings == good.drawings)
        #expect(store.list().notes.isEmpty, "the rebuilt index is written back")
        try FileManager.default.removeItem(atPath: fx.scratch.root + "/index")
        #expect(store.list().drawings == good.drawings)
    }
}
