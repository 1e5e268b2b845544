import MarbleKit
import Testing
@testable import MarbleApp

/// Scenes are pure functions of the app's state and the layout: building one changes nothing,
/// and clicks and focus work with no scene built first.
@Suite("Scenes are pure")
struct ScenePurityTests {
    @Test("Building a scene twice changes no state and gives the same scene")
    func sceneIsAQuery() throws {
        let temp = try TempStore()
        for _ in 0..<10 { try temp.addDrawing() }
        let h = try AppHarness(temp: temp)
        h.tap(.g)
        h.tap(.down)
        h.tap(.down)       // scrolled: the page is part of the state
        let before = h.app.nav
        let a = h.app.scene(width: 1280, height: 800)
        let b = h.app.scene(width: 640, height: 400)
        let c = h.app.scene(width: 1280, height: 800)
        #expect(a == c)
        #expect(a != b, "the layout is an input")
        #expect(h.app.nav == before)
    }

    @Test("A click works with no scene built: buttons come from the pure layout")
    func clickWithoutScene() throws {
        let temp = try TempStore()
        let app = App(store: temp.store, exportFolder: temp.root + "/exports")
        app.resize(width: 1000, height: 600)
        let newButton = try #require(HomeScreen.scene(latest: nil, Layout(width: 1000, height: 600)).buttons.first)
        #expect(newButton.action == .newDrawing)
        app.handle(.pointerDown(newButton.rect.center))
        app.handle(.pointerUp(newButton.rect.center))
        #expect(app.screen == .setup)
        #expect(app.focus == SetupScreen.startIndex)
    }

    @Test("Focus past the buttons shown is clamped in the scene, not in the state")
    func focusClampedWhenRead() throws {
        let h = try AppHarness()
        h.app.nav.focus(9)
        let scene = h.app.scene(width: 1280, height: 800)
        #expect(scene.focus == scene.buttons.count - 1)
        #expect(h.app.focus == 9, "reading the scene left the state alone")
        h.tap(.enter)
        #expect(h.app.screen == .settings, "Enter chose the last button shown (the gear)")
    }

    @Test("A live drawing shows no focus and its pen and colour are the session's")
    func drawingSceneReadsTheSession() throws {
        let h = try AppHarness()
        h.startDrawing()
        h.frame(.keyDown(.e, ctrl: false, isRepeat: false))
        h.frames(30)
        let session = try #require(h.session)
        #expect(h.scene.focus == nil)
        let ball = h.scene.layers[0].elements.compactMap { e -> (RGBA8, Bool)? in
            if case .ball(_, _, let color, let penDown) = e { return (color, penDown) } else { return nil }
        }
        #expect(ball.count == 1)
        #expect(ball.first?.0 == HeadingColor.color(heading: session.marbles[0].heading))
        #expect(ball.first?.1 == session.marbles[0].penDown)
    }
}

/// Where a canvas lands in the window: closed forms.
@Suite("Canvas placement")
struct CanvasPlacementTests {
    @Test("A 1280×800 canvas in a 1000×400 window: scale 0.5, pillarboxed 180 px each side")
    func letterbox() {
        let p = CanvasPlacement(width: 1280, height: 800, in: Rect(x: 0, y: 0, w: 1000, h: 400))
        #expect(p.scale == 0.5)
        #expect(p.rect == Rect(x: 180, y: 0, w: 640, h: 400))
        #expect(p.point(Vec2(100, 60)) == Point(230, 30))
    }

    @Test("The ball is at least 3 px across however small the window")
    func ballMinimum() {
        let s = ReadOnlySession(DrawingSession(configuration: SessionConfiguration()))
        let p = CanvasPlacement(width: s.canvas.width, height: s.canvas.height, in: Rect(x: 0, y: 0, w: 16, h: 10))
        guard case .ball(let center, let radius, _, _) = p.ball(s) else { Issue.record("not a ball"); return }
        #expect(radius == 3)
        #expect(center == p.point(s.marbles[0].ball.position))
    }
}
