import MarbleKit
import Testing
@testable import MarbleApp

/// Deleting always asks first, with "No" focused.
@Suite("App delete")
struct AppDeleteTests {
    @Test("End screen: Delete asks; Esc keeps the drawing; Delete then Y removes it and goes Home")
    func deleteFromEnd() throws {
        let h = try AppHarness()
        h.startDrawing()
        h.hold(.right, frames: 10)
        h.tap(.enter)
        #expect(h.app.screen == .end)
        let id = try #require(h.app.drawing?.id)
        let layers = h.scene.layers.count

        h.tap(.delete)
        #expect(h.app.pendingDelete?.id == id)
        #expect(h.scene.layers.count == layers + 1)
        #expect(h.actions == [.confirmNo, .confirmYes])
        #expect(h.scene.focus == 0, "No has focus: a stray press never deletes")

        h.tap(.escape)
        #expect(h.app.pendingDelete == nil)
        #expect(h.app.screen == .end)
        #expect(h.scene.layers.count == layers)
        #expect(h.store.list().drawings.map(\.id) == [id])

        h.tap(.delete)
        h.tap(.enter)
        #expect(h.store.list().drawings.count == 1, "Enter on the focused No keeps it")

        h.tap(.delete)
        h.tap(.y)
        #expect(h.store.list().drawings.isEmpty)
        #expect(h.app.screen == .home)
        #expect(h.app.drawing == nil)
        #expect(!h.actions.contains(.continueLast))
    }

    @Test("Gallery: Delete on a focused tile asks, Y deletes that drawing and stays in the gallery")
    func deleteFromGallery() throws {
        let temp = try TempStore()
        let older = try temp.addDrawing()
        let newer = try temp.addDrawing()
        let h = try AppHarness(temp: temp)
        h.tap(.g)
        #expect(h.app.screen == .gallery)
        #expect(Set(h.app.galleryEntries.map(\.id)) == [older, newer])
        let focused = try #require(h.scene.focus)
        guard case .open(let target) = h.actions[focused] else {
            Issue.record("focus is on \(h.actions[focused]), not a drawing")
            return
        }
        let other = target == older ? newer : older

        h.tap(.delete)
        #expect(h.app.pendingDelete?.id == target)
        #expect(h.actions == [.confirmNo, .confirmYes])
        #expect(h.scene.focus == 0, "No has focus in the gallery too")
        let thumbnail = try #require(h.app.galleryEntries.first { $0.id == target }?.thumbnailPath)
        let shown = h.scene.layers.last?.elements.contains { if case .picture(thumbnail, _) = $0 { true } else { false } }
        #expect(shown == true, "the question shows the drawing it is about")
        h.tap(.y)
        #expect(h.app.screen == .gallery)
        #expect(h.store.list().drawings.map(\.id) == [other])
        #expect(h.app.galleryEntries.map(\.id) == [other])
        #expect(!h.actions.contains(.open(target)))
    }

    @Test("Gallery: the trash button under a tile asks too, and N keeps the drawing")
    func trashButton() throws {
        let temp = try TempStore()
        let id = try temp.addDrawing()
        let h = try AppHarness(temp: temp)
        h.tap(.g)
        let trash = try #require(h.index(of: .deleteDrawing(id)))
        let center = h.scene.buttons[trash].rect.center
        h.frame(.pointerDown(center))
        h.frame(.pointerUp(center))
        #expect(h.app.pendingDelete?.id == id)
        h.tap(.n)
        #expect(h.app.pendingDelete == nil)
        #expect(h.store.list().drawings.map(\.id) == [id])
    }
}
