import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

@Suite("Hand in (the class folder, from the window)")
struct AppHandInTests {
    @Test("no class folder set: no Hand in on the End screen or the gallery")
    func hiddenWithoutClassFolder() throws {
        let h = try AppHarness(temp: TempStore(pictures: true))
        let id = try h.smallDrawingAtEnd()
        #expect(h.app.nav.screen == .end)
        #expect(h.button(.handIn(id)) == nil)
        #expect(h.button(.saveLog) != nil)
        h.tap(.i)
        #expect(h.app.nav.screen == .end)
        #expect(h.temp.store.environment.connectClass == nil)
    }

    @Test("without names, I on the End screen hands in at once: the clock, then the tick and the code; the class folder has the picture, log")
    func handInWithoutNames() throws {
        let folder = MemoryClassFolder()
        let h = try AppHarness(classFolder: folder)
        let id = try h.smallDrawingAtEnd()
        #expect(h.button(.handIn(id))?.icon == .tray)
        h.tap(.i)
        #expect(h.app.nav.screen == .end)
        #expect(h.frames(until: { h.button(.handIn(id))?.icon == .check }))
        let handIns = h.outbox.entries().handIns
        #expect(handIns.count == 1)
        let handIn = try #require(handIns.first)
        #expect(handIn.drawing == id && handIn.child == "" && handIn.folder == "")
        #expect(handIn.state == .sent)
        // The code, large, beside the movement panel; the tick beside it.
        #expect(h.scene.texts.contains(handIn.code))
        #expect(h.icons.contains(.check))
        #expect(folder.paths == ["\(id)-\(handIn.code).csv", "\(id)-\(handIn.code).png"])
        let png = try #require(folder.file("\(id)-\(handIn.code).png"))
        let carriesTheDrawing = try PictureChunk.extract(from: png) == (try h.store.journalBytes(of: id))
        #expect(carriesTheDrawing)
    }

    @Test("the outbox entry is on disk before the button says it is kept")
    func keptBeforeDone() throws {
        let folder = MemoryClassFolder()
        folder.fail(with: .unreachable("/srv/class", why: "test"))
        let gate = DispatchSemaphore(value: 0)
        let h = try AppHarness(classFolder: folder, pictureGate: gate)
        let id = try h.smallDrawingAtEnd()
        h.tap(.i)
        h.frames(10)
        // The encoder is held: the button shows the clock, grey, and nothing is in the outbox.
        #expect(h.button(.handIn(id))?.icon == .clock)
        #expect(h.app.handInView(id) == .keeping)
        #expect(h.outbox.entries().handIns.isEmpty)
        gate.signal()
        #expect(h.frames(until: { h.app.handInView(id) != .keeping }))
        // Told kept: the entry and its files are there.
        let handIn = try #require(h.outbox.entries().handIns.first)
        #expect(h.scene.texts.contains(handIn.code))
        #expect(h.outbox.handIn(handIn.code) != nil)
        #expect(handIn.files.count == 2)
    }

    @Test("with names, the child taps theirs: it goes in their folder, and they come first next time")
    func handInWithNames() throws {
        let folder = MemoryClassFolder()
        let h = try AppHarness(classFolder: folder, names: ["Ada", "Ben", "Cy"])
        let id = try h.smallDrawingAtEnd()
        h.click(.handIn(id))
        #expect(h.app.nav.screen == .handIn)
        #expect(h.actions.contains(.handInAs("Ada")) && h.actions.contains(.handInAs("Cy")))
        // Each name its own colour.
        let colors = ["Ada", "Ben", "Cy"].compactMap { h.button(.handInAs($0))?.color }
        #expect(Set(colors.map { "\($0)" }).count == 3)
        h.click(.handInAs("Ben"))
        #expect(h.app.nav.screen == .end)
        #expect(h.frames(until: { h.button(.handIn(id))?.icon == .check }))
        let handIn = try #require(h.outbox.entries().handIns.first)
        #expect(handIn.child == "Ben" && handIn.folder == "Ben")
        #expect(folder.paths.allSatisfy { $0.hasPrefix("Ben/") } && folder.paths.count == 2)
        #expect(try ClassSetupFile(storeRoot: h.temp.root, io: .system).load()?.namesLastFirst == ["Ben", "Ada", "Cy"])
        // Hand in again: Ben is the first name.
        h.tap(.i)
        #expect(h.app.nav.screen == .handIn)
        #expect(h.scene.buttons.dropFirst().first?.action == .handInAs("Ben"))
        #expect(h.scene.focus == 1)
        h.tap(.escape)
        #expect(h.app.nav.screen == .end)
    }

    @Test("a class folder that does not answer: the tile shows the clock and a cloud with a cross; once it answers, the tick")
    func galleryClockThenTick() throws {
        let folder = MemoryClassFolder()
        folder.fail(with: .unreachable("/srv/class", why: "test"))
        let h = try AppHarness(classFolder: folder)
        let id = try h.smallDrawingAtEnd()
        h.tap(.h)
        h.app.perform(.gallery)
        h.frame()
        #expect(h.app.nav.screen == .gallery)
        #expect(h.button(.handIn(id))?.icon == .tray)
        // I hands in the focused tile.
        #expect(h.app.focusedDrawingID == id)
        h.tap(.i)
        #expect(h.frames(until: { h.icons.contains(.cloudCross) }))
        #expect(h.button(.handIn(id))?.icon == .clock)
        let waiting = try #require(h.outbox.entries().handIns.first)
        #expect(waiting.state == .waiting && waiting.tries >= 1 && waiting.error != nil)
        // The folder answers again: the courier's next try (after the 2 s backoff) gets it in.
        folder.fail(with: nil)
        #expect(h.frames(until: { h.button(.handIn(id))?.icon == .check }, seconds: 15))
        #expect(!h.icons.contains(.cloudCross))
        #expect(folder.paths.count == 2)
    }

    @Test("a wrong password shows a key; a full server a full tray")
    func reasons() throws {
        for (problem, icon) in [(ClassProblem.unauthorized("/srv/class"), Icon.key), (.full("/srv/class"), .fullTray)] {
            let folder = MemoryClassFolder()
            folder.fail(with: problem)
            let h = try AppHarness(classFolder: folder)
            let id = try h.smallDrawingAtEnd()
            h.tap(.i)
            #expect(h.frames(until: { h.icons.contains(icon) }))
            #expect(h.button(.handIn(id))?.icon == .clock)
            #expect(h.outbox.entries().handIns.first?.state == .waiting)
            h.app.quit()
        }
    }
}
