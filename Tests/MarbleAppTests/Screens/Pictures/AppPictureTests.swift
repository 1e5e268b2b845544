import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// A new drawing over a picture (`marble play --new --over`): the canvas shows it fitted, the
/// eraser wipes back to it, and the drawing keeps it when it is opened again.
@Suite("App: a drawing over a picture")
struct AppPictureTests {
    /// A 400×300 picture: red left half, blue right half.
    static let picture: SetupPicture = {
        var rgba: [UInt8] = []
        for _ in 0..<300 { for x in 0..<400 { rgba += x < 200 ? [200, 30, 30, 255] : [30, 30, 200, 255] } }
        return SetupPicture(name: "halves.png", width: 400, height: 300, rgba: rgba)
    }()

    @Test("The new drawing's canvas is the picture fitted whole; painted, erased back to it; reopened, the same")
    func overPicture() throws {
        let h = try AppHarness()
        h.app.startNew(mode: .fake, difficulty: .easy, picture: Self.picture)
        h.frame()
        let canvas = try #require(h.app.canvas)
        let board = try #require(canvas.board)
        // 400×300 into 1280×800: 1066.67 → 1067 wide, 800 high, centred: the bars 106 and 107 px.
        #expect(canvas.pixel(x: 50, y: 400) == canvas.background)
        #expect(canvas.pixel(x: 300, y: 400) == RGBA8(200, 30, 30))
        #expect(canvas.pixel(x: 1000, y: 400) == RGBA8(30, 30, 200))
        // (Big arrays compared as a Bool: a failure would print them whole.)
        let dot = differingBytes(canvas.pixelBytes, board.pixels)
        #expect(dot < 2_000, "only the first dot on the picture")
        h.hold(.right, frames: 40)
        h.frames(10)
        #expect(differingBytes(canvas.pixelBytes, board.pixels) > dot + 1_000, "a trail on the picture")
        // The eraser, fat, back over the whole trail: the picture again where it passed.
        h.tap(.x)
        h.tap(.three)
        h.hold(.left, frames: 60)
        h.frames(30)
        let ball = try #require(h.session).marbles[0].ball.position
        let y = Int(ball.y)
        #expect(canvas.pixel(x: 640, y: y) == board.pixel(x: 640, y: y))
        let id = try #require(h.app.drawing?.id), hash = try #require(h.session).report().canvasSHA256
        h.app.closeDrawing()
        h.app.openDrawing(id)
        h.frame()
        #expect(try #require(h.session).report().canvasSHA256 == hash)
        let kept = h.app.canvas?.board == board
        #expect(kept, "the reopened drawing has the same picture")
    }
}

/// Setup ▸ Picture: the shelf's photos as tiles, chosen one shown on Setup, the drawing over it.
@Suite("App: Setup ▸ Picture")
struct AppPicturesScreenTests {
    /// A shelf of two pictures (the newer first), each a flat colour, and one that fails to read.
    static let shelf = PictureShelf(
        list: {
            [PictureShelf.Item(path: "/shelf/sea.png", name: "sea.png", modified: 20),
             PictureShelf.Item(path: "/shelf/broken.jpg", name: "broken.jpg", modified: 15),
             PictureShelf.Item(path: "/shelf/sand.png", name: "sand.png", modified: 10)]
        },
        load: { path, _ in
            struct Unreadable: Error, CustomStringConvertible { var description: String { "broken.jpg: damaged JPEG" } }
            if path.hasSuffix("broken.jpg") { throw Unreadable() }
            let c: [UInt8] = path.hasSuffix("sea.png") ? [20, 60, 200, 255] : [220, 200, 120, 255]
            return (Array([[UInt8]](repeating: c, count: 64 * 40).joined()), 64, 40)
        })

    @Test("I opens the shelf: Empty first, then the photos newest first; one chosen shows on Setup and the drawing starts over it")
    func chooseAndDraw() throws {
        let h = try AppHarness(temp: try TempStore(shelf: Self.shelf))
        h.tap(.n)
        h.tap(.i)
        #expect(h.app.nav.screen == .pictures)
        let tiles = h.scene.buttons.map(\.action)
        #expect(Array(tiles.prefix(4)) == [.choosePicture(nil), .choosePicture("/shelf/sea.png"),
                                          .choosePicture("/shelf/broken.jpg"), .choosePicture("/shelf/sand.png")])
        #expect(h.scene.buttons[1].picture == "/shelf/sea.png")
        // A picture that cannot be read is said, and nothing is chosen.
        h.app.perform(.choosePicture("/shelf/broken.jpg"))
        h.frame()
        #expect(h.app.nav.setup.picture == nil)
        #expect(h.scene.overlay.contains { if case .text(let s, _, _, _, _, _) = $0 { s.contains("damaged") } else { false } })
        h.app.perform(.choosePicture("/shelf/sea.png"))
        #expect(h.app.nav.screen == .setup)
        #expect(h.app.nav.setup.picture?.path == "/shelf/sea.png")
        h.frame()
        #expect(h.scene.buttons.contains { $0.action == .pictures && $0.picture == "/shelf/sea.png" })
        h.tap(.enter)
        h.frame()
        let canvas = try #require(h.app.canvas)
        // 64×40 is the canvas's 16:10: the sea fills it.
        #expect(canvas.pixel(x: 5, y: 5) == RGBA8(20, 60, 200))
        #expect(canvas.pixel(x: 1270, y: 790) == RGBA8(20, 60, 200))
        // Back on Setup, the shelf opens on the photo chosen; Empty takes it away again.
        h.app.perform(.done)
        h.app.perform(.home)
        h.tap(.n)
        h.tap(.i)
        #expect(h.app.nav.screen == .pictures)
        #expect(h.app.nav.focus == 1)
        h.app.perform(.choosePicture(nil))
        #expect(h.app.nav.setup.picture == nil)
    }
}

/// Setup ▸ Picture's colouring pages: on the top row after the empty board; one chosen is a
/// page, and its lines stay on top of the paint.
@Suite("App: colouring pages")
struct AppColouringPageTests {
    /// One page: white with a black bar across the middle (rows 18–21 of 40).
    static let shelf = PictureShelf(
        list: { [PictureShelf.Item(path: "/shelf/sea.png", name: "sea.png", modified: 20)] },
        pages: { [PictureShelf.Item(path: "/pages/bar.png", name: "bar.png", modified: 0)] },
        load: { path, _ in
            var p: [UInt8] = []
            for y in 0..<40 { for _ in 0..<64 { p += path.hasPrefix("/pages") && (18...21).contains(y) ? [0, 0, 0, 255] : [255, 255, 255, 255] } }
            return (p, 64, 40)
        })

    @Test("The page's tile comes after Empty and before the photos; chosen, the drawing's lines stay black under the paint")
    func page() throws {
        let h = try AppHarness(temp: try TempStore(shelf: Self.shelf))
        h.tap(.n)
        h.tap(.i)
        h.frame()
        #expect(Array(h.scene.buttons.map(\.action).prefix(3)) == [.choosePicture(nil), .choosePicture("/pages/bar.png"), .choosePicture("/shelf/sea.png")])
        h.app.perform(.choosePicture("/pages/bar.png"))
        #expect(h.app.nav.setup.picture?.kind == .page)
        h.tap(.enter)
        h.frame()
        // The bar, rows 18–21 of 40, is rows 360–439 of the 800-row canvas; the ball starts at (640, 400), on it.
        h.hold(.up, frames: 30)
        h.frames(20)
        let canvas = try #require(h.app.canvas)
        #expect(canvas.board?.kind == .page)
        #expect(canvas.pixel(x: 640, y: 400) == RGBA8(0, 0, 0), "the line stays black where the ball painted")
        #expect(canvas.pixel(x: 640, y: 340) != RGBA8(255, 255, 255), "the paper above it is coloured in")
    }
}
