import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

@Suite("Gallery ▸ Open a code")
struct AppOpenCodeTests {
    /// A drawing handed in and in the class folder; the harness on the gallery; its id and code.
    func handedIn(_ folder: MemoryClassFolder) throws -> (AppHarness, String, String) {
        let h = try AppHarness(classFolder: folder)
        let id = try h.smallDrawingAtEnd()
        h.tap(.i)
        #expect(h.frames(until: { h.button(.handIn(id))?.icon == .check }))
        let code = try #require(h.outbox.entries().handIns.first?.code)
        h.tap(.h)
        h.app.perform(.gallery)
        h.frame()
        return (h, id, code)
    }

    @Test("typing a code and Enter fetches the drawing, adds it to the gallery and opens it with the same canvas")
    func opensByCode() throws {
        let folder = MemoryClassFolder()
        let (h, id, code) = try handedIn(folder)
        let original = try h.store.open(id)
        let pixels = original.session.canvas.pixelBytes
        try original.close()
        // The stroke is there to compare.
        #expect(stride(from: 0, to: pixels.count, by: 4).contains { pixels[$0] != pixels[0] })
        // C opens the screen; SDL sends the same press as text too, in the same frame.
        h.frame(.keyDown(.c, ctrl: false, isRepeat: false), .text("c"), .keyUp(.c))
        #expect(h.app.nav.screen == .openCode)
        #expect(h.app.desk.screens.code.typed == "")
        #expect(h.scene.buttons[h.scene.focus ?? 0].action == .fetchCode)
        // Typed in lower case with a dash, as a child might; M must not mute here.
        let typed = code.lowercased().prefix(3) + "-" + code.lowercased().dropFirst(3)
        for ch in typed { h.frame(.text(String(ch))) }
        h.tap(.m)
        #expect(h.app.desk.screens.code.typed == code)
        #expect(!h.app.preferences.muted)
        #expect(h.scene.texts.contains(String(code.first!)))
        h.tap(.enter)
        #expect(h.frames(until: { h.app.nav.screen == .drawing }))
        let opened = try #require(h.app.drawings.drawing)
        #expect(opened.id != id)
        #expect(h.store.ids().count == 2)
        let now = opened.session.canvas.pixelBytes
        let differing = zip(now, pixels).filter { $0 != $1 }.count
        #expect(differing == 0)
        #expect(opened.session.canvas.width == 320)
    }

    @Test("a code no drawing has: a cross, and the screen stays; Backspace takes a letter back")
    func unknownCode() throws {
        let folder = MemoryClassFolder()
        let (h, _, code) = try handedIn(folder)
        h.click(.openCode)
        #expect(h.app.nav.screen == .openCode)
        let other = code == "333333" ? "444444" : "333333"
        h.frame(.text(other))
        h.tap(.enter)
        #expect(h.frames(until: { h.app.desk.screens.code.failed != nil }))
        #expect(h.app.desk.screens.code.failed == .noSuchCode)
        #expect(h.icons.contains(.cross))
        #expect(h.app.nav.screen == .openCode)
        h.tap(.backspace)
        #expect(h.app.desk.screens.code.typed == String(other.dropLast()))
        #expect(h.app.desk.screens.code.failed == nil)
        h.tap(.escape)
        #expect(h.app.nav.screen == .gallery)
    }

    @Test("the class folder does not answer: a cloud with a cross")
    func folderDown() throws {
        let folder = MemoryClassFolder()
        let (h, _, code) = try handedIn(folder)
        folder.fail(with: .unreachable("/srv/class", why: "test"))
        h.tap(.c)
        h.frame(.text(code))
        h.tap(.enter)
        #expect(h.frames(until: { h.app.desk.screens.code.failed != nil }))
        #expect(h.app.desk.screens.code.failed == .folder(.unreachable))
        #expect(h.icons.contains(.cloudCross))
    }
}
