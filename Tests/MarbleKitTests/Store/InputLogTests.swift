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
        for s in samples { _ = try drawing.feed([s]) }
        let live = SessionFingerprint(drawing.session)
        try drawing.close()

        let log = try store.inputLog(of: drawing.id)
        #expect(log.marbles[0] == samples)
        #expect(log.metadataValue("physics") == "fake")
        #expect(log.metadataValue("difficulty") == "hard")
        #expect(log.metadataValue("edits") == nil)

        // Through the text form, as the End screen writes it.
        let read = try MarbleLog.parse(Data(log.text().utf8), path: "saved.csv")
        #expect(read.log.marbles[0] == samples)
        let (setup, problems) = read.log.setup
        #expect(problems.isEmpty)
        let replayed = try referenceSession(SessionConfiguration(setup: setup), read.log.marbles[0])
        #expect(SessionFingerprint(replayed) == live)
    }

    @Test func editsAreNamedInTheMetadata() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let drawing = try store.create(configuration: SessionConfiguration())
        for s in try replaySamples("figure-eight.csv", first: 300) { _ = try drawing.feed([s]) }
        _ = try drawing.undo()
        try drawing.close()
        let log = try store.inputLog(of: drawing.id)
        #expect(log.metadataValue("edits")?.hasPrefix("1 ") == true)
    }

    @Test("Written to a file in pieces, the log is its text byte for byte: with tools and edits, and longer than a piece")
    func writtenInPieces() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        let drawing = try store.create(configuration: SessionConfiguration())
        var samples = try replaySamples("scribble.csv", first: 3000)
        // Enough lines for several 1 MB pieces, some with the eraser and a width.
        var t = samples.last!.t
        for k in 0..<40_000 {
            t += 0.01
            samples.append(Sample(t: t, tilt: Vec2(sin(Double(k) / 50), cos(Double(k) / 70)), heading: Double(k % 360),
                                  penDown: k % 500 < 450, width: k % 3000 < 200 ? 12 : nil, erase: k % 5000 < 100))
        }
        for s in samples { _ = try drawing.feed([s]) }
        _ = try drawing.undo()
        try drawing.close()
        let path = scratch.root + "/out/log.csv"
        try store.writeInputLog(of: drawing.id, to: path, io: .system, makingFolders: true)
        let written = try #require(FileManager.default.contents(atPath: path))
        let text = try store.inputLog(of: drawing.id).text()
        #expect(written.count > 2 * DrawingStateStore.logPiece)
        #expect(written == Data(text.utf8))
        #expect(text.contains(MarbleLog.toolHeaderRow) && text.contains("# edits: 1 "))
    }

    @Test func unknownDrawingIsNotFound() throws {
        let scratch = try StoreScratch()
        let store = try scratch.store()
        #expect(throws: StoreError.self) { try store.inputLog(of: "20260101-000000-0000") }
    }
}
