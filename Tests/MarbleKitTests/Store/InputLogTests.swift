import Foundation
import Testing
@testable import MarbleKit

/// A stored drawing's input saved as a marble log replays to the same drawing.
@Suite struct InputLogTests {
    @Test func savedLogReplaysToTheSamePicture() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let configuration = SessionConfiguration(mode: .fake, difficulty: .hard)
        let drawing = try store.create(configuration: configuration)
        let samples = try replaySamples("scribble.csv", first: 900)
        for s in samples { _ = try drawing.feed(s) }
        let live = SessionFingerprint(drawing.session)
        try drawing.close()

        let log = try store.inputLog(of: drawing.id)
        #expect(log.samples == samples)
        #expect(log.metadataValue("physics") == "fake")
        #expect(log.metadataValue("difficulty") == "hard")
        #expect(log.metadataValue("edits") == nil)

        // Through the text form, as the End screen writes it.
        let read = try MarbleLog.parse(Data(log.text().utf8), path: "saved.csv")
        #expect(read.log.samples == samples)
        let (setup, problems) = read.log.setup
        #expect(problems.isEmpty)
        let replayed = try referenceSession(SessionConfiguration(setup: setup), read.log.samples)
        #expect(SessionFingerprint(replayed) == live)
    }

    @Test func editsAreNamedInTheMetadata() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let drawing = try store.create(configuration: SessionConfiguration())
        for s in try replaySamples("figure-eight.csv", first: 300) { _ = try drawing.feed(s) }
        _ = try drawing.undo()
        try drawing.close()
        let log = try store.inputLog(of: drawing.id)
        #expect(log.metadataValue("edits")?.hasPrefix("1 ") == true)
    }

    @Test func unknownDrawingIsNotFound() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        #expect(throws: StoreError.self) { try store.inputLog(of: "20260101-000000-0000") }
    }
}
