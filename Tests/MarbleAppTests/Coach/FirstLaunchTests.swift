import MarbleKit
import Testing
@testable import MarbleApp

/// The first launch: an empty store opens on a drawing where a ghost marble shows how to tilt.
@Suite("Coach: first launch and the ghost")
struct FirstLaunchTests {
    @Test("An empty store opens on a drawing with the ghost rolling by itself and the tilt pad tipping with it")
    func emptyStoreShowsGhost() throws {
        let h = try AppHarness()
        #expect(h.app.openFirstDrawing())
        h.frame()
        #expect(h.app.nav.screen == .drawing)
        let start = try #require(h.ghostCenter, "the ghost is in the first scene")
        let pad = try #require(h.tiltPad, "the tilt pad picture is in the scene")
        #expect(pad.pulse == 0)
        let marbleAt = h.marble
        var seen: Set<String> = []
        var tilts: [Vec2] = []
        for _ in 0..<30 {
            h.frame()
            let c = try #require(h.ghostCenter)
            seen.insert("\(c.x),\(c.y)")
            tilts.append(try #require(h.tiltPad).tilt)
        }
        #expect(seen.count >= 25, "the ghost moves from frame to frame with no input")
        #expect(!seen.contains("\(start.x),\(start.y)") || seen.count > 1)
        #expect(Set(tilts.map { "\($0.x),\($0.y)" }).count > 10, "the pad picture tips with the ghost's tilt")
        #expect(h.marble == marbleAt, "the child's marble waits for the child")
        #expect(h.spoken.contains(tr("Tilt like this to roll the ball.")), "the voice says what the ghost does")
        // After one loop of the log, the child is told it is their turn.
        h.frames(250)
        #expect(h.ghostCenter != nil)
        #expect(h.spoken.contains(tr("Now you try: tilt to roll your ball.")))
    }

    @Test("The ghost's log comes round again: its loop closes, and it never leaves the canvas")
    func ghostLoops() throws {
        let h = try AppHarness()
        h.app.openFirstDrawing()
        h.frame()
        var xs: [Double] = [], ys: [Double] = []
        for _ in 0..<(60 * 9) {
            h.frame()
            let c = try #require(h.ghostCenter)
            xs.append(c.x); ys.append(c.y)
        }
        // A loop of about 140 px across: clearly moving, well inside a 1280×800 window.
        #expect(xs.max()! - xs.min()! > 150 && ys.max()! - ys.min()! > 150)
        #expect(xs.min()! > 100 && xs.max()! < 1180 && ys.min()! > 50 && ys.max()! < 750)
        // Four seconds apart (one loop), the ghost is back where it was, give or take a pixel.
        let a = 60 * 4, b = 60 * 8
        #expect(abs(xs[a] - xs[b]) < 2 && abs(ys[a] - ys[b]) < 2)
    }

    @Test("The first tilt takes over: the ghost and the pad picture go, and the child's marble rolls")
    func firstTiltTakesOver() throws {
        let h = try AppHarness()
        h.app.openFirstDrawing()
        h.frames(60)
        #expect(h.ghostCenter != nil)
        let before = try #require(h.marble)
        h.hold(.right, frames: 30)
        h.frames(5)
        #expect(h.ghostCenter == nil, "the ghost left")
        #expect(!h.app.ghostShowing)
        #expect(h.tiltPad == nil)
        let after = try #require(h.marble)
        #expect(after.x > before.x + 5, "the child's marble rolled right")
    }

    @Test("The ghost paints nothing that is kept: canvas, samples and marbles are those of a drawing without it")
    func ghostLeavesDrawingUntouched() throws {
        let frames = 60 * 6
        let with = try AppHarness()
        #expect(with.app.openFirstDrawing())
        with.frames(frames)
        #expect(with.ghostCenter != nil, "the ghost rolled all along")

        let without = try AppHarness()
        without.tap(.n)
        without.tap(.enter)
        without.frames(frames - 1)
        #expect(without.ghostCenter == nil)

        let a = try #require(with.session), b = try #require(without.session)
        #expect(a.acceptedSamples == b.acceptedSamples && a.acceptedSamples > 300)
        #expect(a.report() == b.report(), "the same canvas (hash), samples and marbles")
        let sameStrokes = a.strokes == b.strokes
        #expect(sameStrokes, "the same strokes")
        #expect(a.report().canvas.inkPixels == b.report().canvas.inkPixels)
    }

    @Test("A store with drawings opens on Home, as before; so does an app that is not asked")
    func storeWithDrawingsShowsHome() throws {
        let temp = try TempStore()
        try temp.addDrawing(SessionConfiguration(canvasWidth: 320, canvasHeight: 200))
        let h = try AppHarness(temp: temp)
        #expect(!h.app.openFirstDrawing())
        h.frames(30)
        #expect(h.app.nav.screen == .home)
        #expect(h.tiltPad == nil && h.ghostCenter == nil)

        let empty = try AppHarness()
        empty.frames(30)
        #expect(empty.app.nav.screen == .home, "a test's app on an empty store starts at Home unless it asks")
    }

    @Test("With two children at the board no ghost shows and no pad picture: Help is their panel of keys, a hint only speaks")
    func severalPlayersGetNoGhost() throws {
        let h = try AppHarness()
        AppPlayersTests.startTwo(h)
        #expect(h.app.players.count == 2)
        // A new drawing opens under its help; F1 twice calls it up again over the bare drawing.
        if h.app.nav.help { h.tap(.f1) }
        h.tap(.f1)
        h.frames(10)
        #expect(h.app.nav.help && h.ghostCenter == nil && h.tiltPad == nil, "the panel, no ghost")
        h.tap(.f1)
        let said = h.spoken.count
        h.frames(60 * 8 + 10)
        #expect(h.spoken.count == said + 1, "the hint is said")
        #expect(h.tiltPad == nil, "but no picture over the second player's tools")
    }

    @Test("Help in a drawing starts the ghost again; Help again puts it away")
    func helpShowsHow() throws {
        let temp = try TempStore()
        try temp.addDrawing(SessionConfiguration(canvasWidth: 320, canvasHeight: 200))
        let h = try AppHarness(temp: temp)
        h.startDrawing()
        h.frames(10)
        #expect(h.ghostCenter == nil)
        h.tap(.f1)
        h.frames(10)
        #expect(h.app.nav.help)
        let a = try #require(h.ghostCenter, "Help shows how")
        h.frames(10)
        #expect(h.ghostCenter != a)
        #expect(h.tiltPad != nil)
        h.tap(.f1)
        #expect(h.ghostCenter == nil)
    }
}
