import Foundation
import MarbleKit
import MarblePNG
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// The end screen's Save picture and Save log write real files a parent can find and share.
@Suite("App export")
struct AppExportTests {
    /// A small drawing with a curve on it, on the end screen.
    static func finishedDrawing(_ h: AppHarness) throws -> StoredDrawing {
        try h.openSmallDrawing()
        let d = try #require(h.app.drawing)
        h.frame(.keyDown(.right, ctrl: false, isRepeat: false), .keyDown(.e, ctrl: false, isRepeat: false))
        h.frames(40)
        h.frame(.keyUp(.right), .keyUp(.e))
        h.tap(.enter)
        #expect(h.app.screen == .end)
        return d
    }

    /// Frames until the picture being saved is written (at most 20 s).
    static func waitForPicture(_ h: AppHarness) {
        let deadline = Date().addingTimeInterval(20)
        h.frame()
        while h.app.drawings.savingPicture && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
            h.frame()
        }
    }

    @Test("S saves the picture, with the drawing inside it, and says where")
    func savePicture() throws {
        let h = try AppHarness(temp: TempStore(pictures: true))
        let d = try Self.finishedDrawing(h)
        h.tap(.s)
        Self.waitForPicture(h)
        let path = h.temp.root + "/exports/marble-\(d.id).png"
        #expect(h.app.lastExport == path)
        #expect(h.app.notice?.contains(path) == true)
        #expect(h.scene.texts.contains { $0.contains(path) })
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let image = try PNGImage.decode([UInt8](bytes))
        #expect(image.width == 320 && image.height == 200)
        #expect(differingBytes(image.rgba, d.session.canvas.pixelBytes) == 0)
        // The journal rides along, so `marble open` can continue the drawing elsewhere.
        #expect(try PictureChunk.extract(from: [UInt8](bytes)) == (try h.store.journalBytes(of: d.id)))
    }

    @Test("L saves the input as a marble log that replays to the same picture")
    func saveLog() throws {
        let h = try AppHarness(temp: TempStore(pictures: true))
        let d = try Self.finishedDrawing(h)
        h.tap(.l)
        let path = h.temp.root + "/exports/marble-\(d.id).csv"
        #expect(h.app.lastExport == path)
        let read = try MarbleLog.read(contentsOf: path, io: .system)
        #expect(read.dropped.isEmpty)
        #expect(read.log.marbles[0].count == d.session.acceptedSamples)
        let replayed = DrawingSession(configuration: SessionConfiguration(setup: read.log.setup.setup))
        for s in read.log.marbles[0] { _ = try replayed.feed([s]) }
        #expect(differingBytes(replayed.canvas.pixelBytes, d.session.canvas.pixelBytes) == 0)
        #expect(replayed.marbles[0].ball.position == d.session.marbles[0].ball.position)
    }

    @Test("A folder that cannot be made is a message, and the drawing is kept")
    func unwritableFolder() throws {
        let temp = try TempStore(pictures: true)
        let h = try AppHarness(temp: temp, exportFolder: temp.root + "/exports/pictures")
        let d = try Self.finishedDrawing(h)
        // A file where the folder should be.
        _ = FileManager.default.createFile(atPath: h.temp.root + "/exports", contents: Data("x".utf8))
        h.tap(.s)
        Self.waitForPicture(h)
        #expect(h.app.lastExport == nil)
        #expect(h.app.notice?.hasPrefix("Could not save the picture") == true)
        #expect(h.app.drawing?.id == d.id)
        #expect(h.app.screen == .end)
    }

    @Test("Save picture runs off the frame loop: frames go on, the button says so, a second press does nothing")
    func pictureOffTheLoop() throws {
        let gate = DispatchSemaphore(value: 0)
        let h = try AppHarness(temp: TempStore(pictureGate: gate))
        let d = try Self.finishedDrawing(h)
        h.tap(.s)
        // The encoder is held: the window goes on drawing frames meanwhile.
        let frames = h.platform.frames
        h.frames(30)
        #expect(h.platform.frames == frames + 30)
        #expect(h.app.drawings.savingPicture)
        #expect(h.scene.texts.contains("Saving…"), "\(h.scene.texts)")
        h.tap(.s)
        gate.signal()
        Self.waitForPicture(h)
        // One picture, once: a second job would have waited at the gate for ever.
        let path = h.temp.root + "/exports/marble-\(d.id).png"
        #expect(h.app.lastExport == path)
        #expect(h.scene.texts.contains("Save picture"))
        let image = try PNGImage.decode([UInt8](try #require(FileManager.default.contents(atPath: path))))
        #expect(differingBytes(image.rgba, d.session.canvas.pixelBytes) == 0)
    }

    @Test("Quitting mid-save keeps the drawing and leaves no picture, torn or whole")
    func quitMidPicture() throws {
        let gate = DispatchSemaphore(value: 0)
        let h = try AppHarness(temp: TempStore(pictureGate: gate))
        let d = try Self.finishedDrawing(h)
        h.tap(.s)
        h.frames(2)
        // Ctrl+Q while the encoder is held: quitting cancels the job, and nothing is written.
        try h.quit(holding: try #require(h.app.drawings.picture), at: gate, times: 1, drawing: d)
    }
}
