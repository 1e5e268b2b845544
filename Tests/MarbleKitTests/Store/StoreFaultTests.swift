import Foundation
import Testing
@testable import MarbleKit

/// A disk that fills up half way through a write: the last good state survives, the error says
/// so, and nothing fed is forgotten.
@Suite("Store: a full disk")
struct StoreFaultTests {
    static let configuration = SessionConfiguration(mode: .fake, canvasWidth: 320, canvasHeight: 200)

    @Test func aJournalAppendThatFailsHalfWayLeavesTheLastSaveIntact() throws {
        let samples = try replaySamples("figure-eight.csv", first: 240)
        let scratch = try StoreScratch()
        let budget = DiskBudget(.max)
        let store = try scratch.store(io: budget.io)
        let d = try store.create(configuration: Self.configuration)
        for s in samples[..<120] { try d.feed([s]) }
        try d.save()
        let good = scratch.bytes(scratch.folder(d.id) + "/journal")

        for s in samples[120...] { try d.feed([s]) }
        budget.set(100)     // the next record is ~4 kB: a hundred bytes get written, then ENOSPC
        #expect {
            try d.save()
        } throws: { error in
            guard case .io(_, let failure, let safe)? = error as? StoreError, case .savedUpTo? = safe else { return false }
            return failure.isDiskFull && "\(error)".contains("No space left") && "\(error)".contains("intact")
        }
        #expect(scratch.bytes(scratch.folder(d.id) + "/journal") == good, "the half-written record is cut off")

        // Reopened now, the drawing is the last good save.
        let id = d.id
        let reference = try referenceSession(Self.configuration, Array(samples[..<120]))
        try withExtendedLifetime(d) {
            let other = try scratch.store()
            #expect(throws: StoreError.busy(id: id)) { try other.open(id) }
        }

        // With space again, the next save writes everything fed, nothing forgotten.
        budget.set(.max)
        try d.save()
        d.release()
        let reopened = try scratch.store().open(id)
        #expect(reopened.session.acceptedSamples == samples.count)
        #expect(SessionFingerprint(reopened.session) == SessionFingerprint(try referenceSession(Self.configuration, samples)))
        reopened.release()
        _ = reference
    }

    @Test func aKilledProcessAfterAFailedAppendReopensAtTheLastSave() throws {
        let samples = try replaySamples("figure-eight.csv", first: 240)
        let scratch = try StoreScratch()
        let budget = DiskBudget(.max)
        var d: StoredDrawing? = try scratch.store(io: budget.io).create(configuration: Self.configuration)
        let id = d!.id
        for s in samples[..<120] { try d!.feed([s]) }
        try d!.save()
        for s in samples[120...] { try d!.feed([s]) }
        budget.set(37)
        #expect(throws: StoreError.self) { try d!.save() }
        d = nil     // gone without another save
        let reopened = try scratch.store().open(id)
        #expect(reopened.recoveryNotes.isEmpty, "\(reopened.recoveryNotes)")
        #expect(SessionFingerprint(reopened.session) == SessionFingerprint(try referenceSession(Self.configuration, Array(samples[..<120]))))
        reopened.release()
    }

    @Test func aSnapshotThatFailsHalfWayLeavesTheOldOneAndNoTemporaryFile() throws {
        let samples = try replaySamples("figure-eight.csv", first: 240)
        let scratch = try StoreScratch()
        let budget = DiskBudget(.max)
        let d = try scratch.store(io: budget.io).create(configuration: Self.configuration)
        for s in samples[..<120] { try d.feed([s]) }
        try d.checkpoint()
        let snapPath = scratch.folder(d.id) + "/snapshot"
        let oldSnapshot = scratch.bytes(snapPath)
        for s in samples[120...] { try d.feed([s]) }
        try d.save()
        budget.set(50_000)   // the snapshot is ~300 kB
        #expect(throws: StoreError.self) { try d.checkpoint() }
        #expect(scratch.bytes(snapPath) == oldSnapshot)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.folder(d.id)).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
        let id = d.id
        d.release()
        // The old snapshot plus the journal after it give the whole drawing.
        let reopened = try scratch.store().open(id)
        #expect(SessionFingerprint(reopened.session) == SessionFingerprint(try referenceSession(Self.configuration, samples)))
        reopened.release()
    }

    @Test func aNewDrawingThatCannotBeWrittenLeavesNothingBehind() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store(io: DiskBudget(10).io)
        #expect(throws: StoreError.self) { try store.create(configuration: Self.configuration) }
        #expect(store.ids().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.root + "/drawings").isEmpty)
    }
}
