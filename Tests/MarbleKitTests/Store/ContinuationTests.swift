import Foundation
import Testing
@testable import MarbleKit

/// A drawing saved after log A and continued with log B equals one drawing made from A then B.
///
/// B's sample at time t is placed at (A's last time + t), so B's first sample lands at A's last
/// timestamp. Compared bit for bit: canvas hash, ball position and velocity, step count.
@Suite("Store: exact continuation")
struct ContinuationTests {
    /// How the saved drawing is reopened.
    enum Reopen: String, CaseIterable, CustomStringConvertible {
        /// Closed normally: a snapshot at A's end.
        case snapshot
        /// The snapshot is gone: the whole journal is replayed.
        case journalOnly
        /// Killed after a save: a snapshot mid-way, then journal records after it.
        case snapshotAndTail
        /// Killed after a save, with snapshots taken on the background thread as it went.
        case backgroundSnapshots
        var description: String { rawValue }
    }

    static let cases: [(String, PhysicsMode)] = [
        ("spiral.csv", .real), ("spiral.csv", .fake), ("scribble.csv", .real), ("scribble.csv", .fake),
    ]

    @Test("A then B equals A, save, reopen, B", arguments: cases, Reopen.allCases)
    func continuedEqualsOneDrawing(_ c: (String, PhysicsMode), _ reopen: Reopen) throws {
        let (log, mode) = c
        let all = try replaySamples(log, first: 720)
        let k = all.count / 2 + 7
        let a = Array(all[..<k])
        let b = all[k...].map { s -> Sample in var s = s; s.t -= all[k].t; return s }
        let configuration = SessionConfiguration(mode: mode, difficulty: .normal, canvasWidth: 640, canvasHeight: 400)

        let reference = try referenceSession(configuration, a)
        let resume = a.last!.t
        for s in b { try reference.feed([Sample(t: resume + s.t, tilt: s.tilt, heading: s.heading, penDown: s.penDown)]) }

        let scratch = try StoreScratch()
        let store = try scratch.store()
        var drawing: StoredDrawing? = try store.create(configuration: configuration)
        let id = drawing!.id
        drawing!.policy.autosaveInterval = 0.25
        if reopen == .backgroundSnapshots { drawing!.policy.snapshotEvery = 60 }
        for (i, s) in a.enumerated() {
            try drawing!.feed([s])
            try drawing!.saveIfDue()
            if reopen == .snapshotAndTail && i == k / 2 { try drawing!.checkpoint() }
        }
        let penOpenAtSplit = drawing!.session.marbles[0].pen.isOpen
        switch reopen {
        case .snapshot:
            try drawing!.close()
        case .journalOnly:
            try drawing!.close()
            try FileManager.default.removeItem(atPath: scratch.folder(id) + "/snapshot")
        case .snapshotAndTail:
            try drawing!.save()
        case .backgroundSnapshots:
            try drawing!.save()
            drawing!.waitForSnapshot()
            let snap = scratch.bytes(scratch.folder(id) + "/snapshot")
            let (_, meta) = try Snapshot.decode(snap, path: "snapshot")
            #expect(meta.journalEnd > Journal.headerSize + 100, "a background snapshot was written mid-way")
        }
        drawing = nil

        let continued = try store.open(id)
        #expect(continued.recoveryNotes.isEmpty, "\(continued.recoveryNotes)")
        #expect(continued.resumeTime == resume)
        #expect(SessionFingerprint(continued.session) == SessionFingerprint(try referenceSession(configuration, a)))
        let clock = continued.resumeTime
        for s in b {
            try continued.feed([Sample(t: clock + s.t, tilt: s.tilt, heading: s.heading, penDown: s.penDown)])
        }
        #expect(SessionFingerprint(continued.session) == SessionFingerprint(reference))
        if log == "spiral.csv" { #expect(penOpenAtSplit, "the split should cut an open stroke") }
        try continued.close()
    }

    @Test("undo survives a relaunch and a continued drawing matches the same edits live")
    func editsContinueExactly() throws {
        let samples = try replaySamples("scribble.csv", first: 900)
        let configuration = SessionConfiguration(mode: .real, canvasWidth: 640, canvasHeight: 400)
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let reference = DrawingSession(configuration: configuration)
        let drawing = try store.create(configuration: configuration)
        let id = drawing.id
        for s in samples[..<600] {
            try reference.feed([s])
            try drawing.feed([s])
        }
        reference.undo()
        #expect(try drawing.undo())
        try drawing.close()

        let reopened = try store.open(id)
        #expect(reopened.session.canRedo)
        #expect(SessionFingerprint(reopened.session) == SessionFingerprint(reference))
        for s in samples[600...] {
            try reference.feed([s])
            try reopened.feed([s])
        }
        #expect(SessionFingerprint(reopened.session) == SessionFingerprint(reference))
        try reopened.close()
    }
}
