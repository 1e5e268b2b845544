import MarbleKit
import Testing
@testable import MarbleApp

/// The gallery past one screen: scrolling, and deleting while scrolled.
@Suite("App gallery")
struct AppGalleryTests {
    @Test("Down past the last row scrolls; the newest drawing comes first")
    func scrolls() throws {
        let temp = try TempStore()
        let ids = try (0..<10).map { _ in try temp.addDrawing() }
        let h = try AppHarness(temp: temp)
        h.tap(.g)
        #expect(h.app.galleryEntries.count == 10)
        #expect(Set(h.app.galleryEntries.map(\.id)) == Set(ids))
        // Eight tiles (with a bin each) and Home.
        #expect(h.actions.filter { if case .open = $0 { true } else { false } }.count == 8)
        for _ in 0..<4 { h.tap(.down) }
        #expect(h.app.galleryTop == 1)
        let shown = h.actions.compactMap { if case .open(let id) = $0 { id } else { nil } }
        #expect(shown == Array(h.app.galleryEntries[4...].map(\.id)))
        h.frame(.wheel(1))
        #expect(h.app.galleryTop == 0)
    }

    @Test("Deleting while scrolled to the end never slices past the list")
    func deleteWhileScrolled() throws {
        let temp = try TempStore()
        for _ in 0..<9 { try temp.addDrawing() }
        let h = try AppHarness(temp: temp)
        h.tap(.g)
        h.frame(.wheel(-1))
        #expect(h.app.galleryTop == 1)
        // Delete from the shown rows until only a few drawings are left.
        for _ in 0..<6 {
            guard let id = h.app.galleryEntries.last?.id else { break }
            h.app.perform(.deleteDrawing(id))
            h.frame()
            h.tap(.y)
        }
        #expect(h.store.list().drawings.count == 3)
        #expect(h.app.galleryTop == 0)
        #expect(h.actions.filter { if case .open = $0 { true } else { false } }.count == 3)
    }
}
