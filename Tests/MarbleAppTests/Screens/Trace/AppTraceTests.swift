import MarbleKit
import Testing
@testable import MarbleApp

/// Trace challenges in the window, headless: choosing a shape (T, a click), its dotted guide over
/// the canvas and never in it, the stars on the end screen, the cheer, and the shape kept while
/// the drawing is continued.
@Suite("App trace challenges")
struct AppTraceTests {
    /// The dots of the scene's guide, if it has one.
    static func guideDots(_ scene: Scene) -> [Point]? {
        for layer in scene.layers {
            for case .dots(let points, _, _) in layer.elements { return points }
        }
        return nil
    }

    /// The end screen's stars: true for each one filled.
    static func stars(_ scene: Scene) -> [Bool] {
        scene.layers.flatMap { $0.elements.compactMap { e -> Bool? in
            if case .icon(.star(let earned), _, _) = e { return earned } else { return nil }
        } }
    }

    /// Home → New → T until `trace` is chosen (setup keeps the last choice) → easy ball → Start.
    static func start(_ h: AppHarness, _ trace: TraceShape?) {
        h.tap(.n)
        for _ in 0..<5 where h.app.nav.setup.trace != trace { h.tap(.t) }
        h.tap(.f)
        h.tap(.enter)
        h.frame()
    }

    /// Pauses, then feeds the drawing a perfect tracing of its shape straight through its store
    /// drawing (after the samples the app fed), and finishes it.
    static func traceExactly(_ h: AppHarness, _ shape: TraceShape, ears: RecordedSound? = nil) throws {
        h.tap(.escape)
        let d = try #require(h.app.drawing)
        let t0 = h.app.drawingTime + 1
        let guide = TraceGuide(shape, width: d.session.canvas.width, height: d.session.canvas.height)
        for s in guide.tracingSamples(speedPerTilt: d.session.configuration.parameters.speedPerTilt) {
            _ = try d.feed([Sample(t: t0 + s.t, tilt: s.tilt, heading: s.heading, penDown: s.penDown)])
        }
        ears?.clear()
        h.app.perform(.done)
        h.frame()
    }

    @Test("T goes through Free, Circle, Square, Star, Heart and back; the row shows the choice")
    func chooseWithT() throws {
        let h = try AppHarness()
        h.tap(.n)
        let row = h.scene.buttons.filter { if case .chooseTrace = $0.action { true } else { false } }
        #expect(row.map(\.label) == ["Free", "Circle", "Square", "Star", "Heart"])
        #expect(row.map(\.icon) == [.trace(nil), .trace(.circle), .trace(.square), .trace(.star), .trace(.heart)])
        #expect(row.allSatisfy { $0.key == "T" })
        #expect(row.map(\.selected) == [true, false, false, false, false])
        var seen: [TraceShape?] = []
        for _ in 0..<5 {
            h.tap(.t)
            seen.append(h.app.nav.setup.trace)
        }
        #expect(seen == [.circle, .square, .star, .heart, nil])
        h.tap(.t)
        h.tap(.t)
        let selected = h.scene.buttons.filter { $0.selected == true }.map(\.action)
        #expect(selected.contains(.chooseTrace(.square)) && !selected.contains(.chooseTrace(nil)))
        // Start keeps the first focus: Enter still starts.
        #expect(h.scene.focus == SetupScreen.startIndex && h.scene.buttons[SetupScreen.startIndex].action == .start)
    }

    @Test("A click on the star chooses it")
    func chooseWithPointer() throws {
        let h = try AppHarness()
        h.tap(.n)
        let star = try #require(h.scene.buttons.first { $0.action == .chooseTrace(.star) })
        h.frame(.pointerDown(star.rect.center), .pointerUp(star.rect.center))
        #expect(h.app.nav.setup.trace == .star)
    }

    @Test("The chosen shape's guide lies over the canvas, under the ball, and never in it")
    func guideInTheScene() throws {
        let h = try AppHarness()
        Self.start(h, .heart)
        #expect(h.app.drawings.trace == .heart)
        let dots = try #require(Self.guideDots(h.scene))
        let guide = TraceGuide(.heart, width: 1280, height: 800)
        #expect(dots.count == guide.dots.count)
        // The canvas fills the 1280×800 window: canvas pixels are window pixels.
        #expect(dots[0] == Point(guide.dots[0].x, guide.dots[0].y))
        let elements = h.scene.layers[0].elements
        let canvas = try #require(elements.firstIndex { if case .canvas = $0 { true } else { false } })
        let guideAt = try #require(elements.firstIndex { if case .dots = $0 { true } else { false } })
        let ball = try #require(elements.firstIndex { if case .ball = $0 { true } else { false } })
        #expect(canvas < guideAt && guideAt < ball)
        // Not a pixel of it in the canvas: the same frames of a free drawing give the same pixels
        // (the pen's first dot, under the ball).
        let free = try AppHarness()
        Self.start(free, nil)
        let traced = try #require(h.session).canvas.pixelBytes, plain = try #require(free.session).canvas.pixelBytes
        #expect(SHA256.hex(traced) == SHA256.hex(plain))
        #expect(try #require(h.session).canvas.inkStatistics().pixels < 2_000)
    }

    @Test("A free drawing has no guide and no stars")
    func free() throws {
        let h = try AppHarness()
        Self.start(h, nil)
        #expect(Self.guideDots(h.scene) == nil)
        h.hold(.right, frames: 30)
        h.tap(.enter)
        #expect(h.app.nav.screen == .end)
        #expect(Self.stars(h.scene).isEmpty)
        #expect(h.app.drawings.traceScore == nil)
    }

    @Test("Tracing the circle exactly: three big stars on the end screen, over the guide, and a cheer")
    func threeStars() throws {
        let ears = RecordedSound()
        let h = try AppHarness(temp: TempStore(ears: ears))
        Self.start(h, .circle)
        try Self.traceExactly(h, .circle, ears: ears)
        #expect(h.app.nav.screen == .end)
        #expect(Self.stars(h.scene) == [true, true, true])
        #expect(Self.guideDots(h.scene) != nil)
        #expect(h.scene.texts.contains("100% of the circle"))
        let score = try #require(h.app.drawings.traceScore)
        // The pen's first dot, at the centre before the tracing, is the only paint off the guide.
        #expect(score.coverage == 1 && score.precision > 0.97 && score.stars == 3, "\(score)")
        // The cheer plays over the next second, exactly as synthesized.
        h.frames(70)
        #expect(ears.samples == TraceCheer.samples(stars: 3))
    }

    @Test("Paint far from the shape: three empty stars and no cheer; muted: no cheer either")
    func noStars() throws {
        let ears = RecordedSound()
        let h = try AppHarness(temp: TempStore(ears: ears))
        Self.start(h, .star)
        h.hold(.up, frames: 40)  // straight up from the centre, off the star's guide soon after
        h.hold(.left, frames: 60)
        ears.clear()
        h.tap(.enter)
        #expect(h.app.nav.screen == .end)
        let score = try #require(h.app.drawings.traceScore)
        #expect(score.stars == 0, "\(score)")
        #expect(Self.stars(h.scene) == [false, false, false])
        h.frames(70)
        #expect(ears.samples.isEmpty)

        let quiet = RecordedSound()
        let muted = try AppHarness(temp: TempStore(ears: quiet))
        muted.tap(.m)
        Self.start(muted, .circle)
        try Self.traceExactly(muted, .circle, ears: quiet)
        #expect(Self.stars(muted.scene) == [true, true, true])
        muted.frames(70)
        #expect(quiet.samples.isEmpty)
    }

    @Test("Undo on the end screen takes the stars back with the stroke")
    func undoRescore() throws {
        let h = try AppHarness()
        Self.start(h, .circle)
        try Self.traceExactly(h, .circle)
        #expect(Self.stars(h.scene) == [true, true, true])
        h.tap(.z)
        #expect(Self.stars(h.scene) == [false, false, false])
        h.tap(.y)
        #expect(Self.stars(h.scene) == [true, true, true])
    }

    @Test("The shape stays with the drawing: Draw more, and Continue from Home, show its guide")
    func keptWhileContinued() throws {
        let h = try AppHarness()
        Self.start(h, .square)
        h.tap(.enter)
        h.tap(.c)
        #expect(h.app.nav.screen == .drawing)
        #expect(Self.guideDots(h.scene)?.count == TraceGuide(.square, width: 1280, height: 800).dots.count)
        h.tap(.enter)
        h.tap(.h)
        #expect(h.app.nav.screen == .home && h.app.drawing == nil)
        h.tap(.c)
        #expect(h.app.nav.screen == .drawing)
        #expect(h.app.drawings.trace == .square)
        #expect(Self.guideDots(h.scene) != nil)
        // A new free drawing after it has none.
        h.tap(.enter)
        h.tap(.h)
        Self.start(h, nil)
        #expect(h.app.drawings.trace == nil && Self.guideDots(h.scene) == nil)
    }
}
