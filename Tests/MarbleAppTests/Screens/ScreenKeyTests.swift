@testable import MarbleKit
import Testing
@testable import MarbleApp

/// Each screen's key map, as pure functions; and the gallery's page.
@Suite("Screen keys")
struct ScreenKeyTests {
    @Test("Home: C continues only when there is a drawing")
    func home() {
        #expect(HomeScreen.key(.n, latest: nil) == .act(.newDrawing))
        #expect(HomeScreen.key(.c, latest: nil) == .ignore)
        #expect(HomeScreen.key(.g, latest: nil) == .act(.gallery))
        #expect(HomeScreen.key(.down, latest: nil) == .navigate)
    }

    @Test("Drawing: Esc pauses and Enter finishes while live; other keys steer, not navigate")
    func drawing() {
        #expect(DrawingScreen.key(.escape, paused: nil) == .act(.pause))
        #expect(DrawingScreen.key(.enter, paused: nil) == .act(.done))
        #expect(DrawingScreen.key(.left, paused: nil) == .ignore)
        #expect(DrawingScreen.key(.escape, paused: .user) == .act(.resume))
        #expect(DrawingScreen.key(.enter, paused: .padRemoved) == .navigate)
    }

    @Test("Setup, End and the delete question")
    func others() {
        #expect(SetupScreen.key(.f, SetupChoice()) == .act(.chooseMode(.fake)))
        #expect(SetupScreen.key(.three, SetupChoice()) == .act(.chooseDifficulty(.hard)))
        #expect(SetupScreen.key(.p, SetupChoice()) == .act(.nextMarbles))
        #expect(SetupScreen.key(.p, SetupChoice(marbles: 4)) == .act(.nextMarbles))
        #expect(EndScreen.key(.backspace, id: "a") == .act(.delete))
        #expect(EndScreen.key(.s, id: "a") == .act(.savePicture))
        #expect(EndScreen.key(.w, id: "a") == .act(.watch("a")))
        #expect(EndScreen.key(.t, id: "a") == .act(.saveTimelapse))
        #expect(WatchScreen.key(.space) == .act(.watchPause))
        #expect(WatchScreen.key(.left) == .act(.watchSeek(-1)))
        #expect(WatchScreen.key(.plus) == .act(.watchSpeed(1)))
        #expect(WatchScreen.key(.escape) == .act(.back))
        #expect(WatchScreen.key(.enter) == .ignore)
        #expect(DeleteQuestion.key(.y) == .act(.confirmYes))
        #expect(DeleteQuestion.key(.escape) == .act(.confirmNo))
        #expect(DeleteQuestion.key(.left) == .navigate)
    }

    @Test("Gallery: N only when empty; Delete asks for the focused drawing")
    func gallery() {
        var page = GalleryPage()
        #expect(GalleryScreen.key(.n, page, focused: nil) == .act(.newDrawing))
        page.show([Self.summary("a")], keepingScroll: false)
        #expect(GalleryScreen.key(.n, page, focused: "a") == .navigate)
        #expect(GalleryScreen.key(.delete, page, focused: "a") == .act(.deleteDrawing("a")))
        #expect(GalleryScreen.key(.delete, page, focused: nil) == .navigate)
    }

    @Test("The gallery page scrolls within its rows and keeps the scroll in range when drawings go")
    func galleryPage() {
        var page = GalleryPage()
        page.show((0..<20).map { Self.summary("d\($0)") }, keepingScroll: false)
        #expect(page.rowCount == 5)
        #expect(page.shown.map(\.id) == (0..<8).map { "d\($0)" })
        let up = page.scroll(rows: -1), down = page.scroll(rows: 10)
        #expect(!up)
        #expect(down)
        #expect(page.top == 3, "the last two rows show")
        #expect(page.shown.map(\.id) == (12..<20).map { "d\($0)" })
        page.show((0..<9).map { Self.summary("d\($0)") }, keepingScroll: true)
        #expect(page.top == 1)
        #expect(page.shown.map(\.id) == (4..<9).map { "d\($0)" })
        page.show([], keepingScroll: true)
        #expect(page.top == 0 && page.shown.isEmpty && page.firstTile == 0)
    }

    @Test("The delete question ignores clicks for its first half second")
    func questionClickDelay() {
        let q = DeleteQuestion(id: "a", title: "A", picture: nil, returnFocus: 3, askedAt: 10)
        #expect(!q.takesClicks(at: 10.4))
        #expect(q.takesClicks(at: 10.5))
        var nav = Navigation()
        nav.focus(3)
        nav.ask(id: "a", title: "A", picture: nil, now: 10)
        #expect(nav.focus == 0, "Keep it first")
        nav.dismissQuestion()
        #expect(nav.focus == 3 && nav.question == nil)
    }

    static func summary(_ id: String) -> DrawingSummary {
        DrawingSummary(id: id, title: id, created: 0, modified: 0, duration: 0, segments: 0, journalLength: 0, thumbnailPath: "")
    }
}
