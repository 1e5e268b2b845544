import MarbleKit
import Testing
@testable import MarbleApp

/// Home as a pure scene: its buttons with and without a drawing to continue, and its keys.
@Suite("Home screen")
struct HomeScreenTests {
    let layout = Layout(width: 1280, height: 800)

    @Test("an empty store: New first (it has the focus), Gallery, Quit, then Settings; no Continue")
    func empty() {
        let scene = HomeScreen.scene(latest: nil, layout)
        #expect(scene.buttons.map(\.action) == [.newDrawing, .gallery, .quit, .settings])
        #expect(scene.texts.contains("Marble"))
        // The big row's buttons are one size, side by side, none over another.
        let row = scene.buttons.prefix(3).map(\.rect)
        #expect(Set(row.map(\.w)).count == 1 && zip(row, row.dropFirst()).allSatisfy { $0.x + $0.w < $1.x })
    }

    @Test("with a drawing: Continue second, showing that drawing's picture; C continues it")
    func continues() throws {
        let h = try AppHarness()
        h.startDrawing()
        h.frames(5)
        h.tap(.enter)
        h.tap(.h)
        let latest = try #require(h.app.nav.latest)
        let scene = HomeScreen.scene(latest: latest, layout)
        #expect(scene.buttons.map(\.action) == [.newDrawing, .continueLast, .gallery, .quit, .settings])
        #expect(scene.buttons[1].picture == latest.thumbnailPath)
        #expect(HomeScreen.key(.c, latest: latest) == .act(.continueLast))
    }

    @Test("keys: N new, G gallery, S settings; C does nothing without a drawing")
    func keys() {
        #expect(HomeScreen.key(.n, latest: nil) == .act(.newDrawing))
        #expect(HomeScreen.key(.g, latest: nil) == .act(.gallery))
        #expect(HomeScreen.key(.s, latest: nil) == .act(.settings))
        #expect(HomeScreen.key(.c, latest: nil) == .ignore)
        #expect(HomeScreen.key(.left, latest: nil) == .navigate)
    }
}
