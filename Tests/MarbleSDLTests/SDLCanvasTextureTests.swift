import CSDL2
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// The streaming texture, read back through the software renderer, equals the canvas byte
    /// for byte: the dirty-rectangle uploads miss nothing.
    @Suite("Canvas texture")
    struct CanvasTexture {
        static let small = SessionConfiguration(canvasWidth: 320, canvasHeight: 200)

        static func addDrawing(_ h: SDLHarness) throws -> String {
            let d = try h.store.create(configuration: small)
            try d.close()
            return d.id
        }

        static func expectTextureMatches(_ h: SDLHarness, _ canvas: Canvas, _ comment: Comment) {
            let bytes = h.sdl.readCanvasTexture(width: canvas.width, height: canvas.height)
            #expect(bytes.count == canvas.width * canvas.height * 4)
            #expect(differingBytes(bytes, canvas.pixelBytes) == 0, comment)
        }

        /// The window's pixels as the renderer has them (before they are presented).
        static func window(_ h: SDLHarness, width: Int, height: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: width * height * 4)
            var r = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
            bytes.withUnsafeMutableBytes {
                _ = SDL_RenderReadPixels(h.sdl.renderer, &r, SDL_PIXELFORMAT_RGBA32.rawValue, $0.baseAddress, Int32(width * 4))
            }
            return bytes
        }

        @Test("A canvas shown smaller is kept scaled while it stands still, with the same pixels as scaling it each frame")
        func scaledCanvasKept() throws {
            var pen = Canvas.Pen()
            let h = try SDLHarness(width: 320, height: 200)
            let canvas = Canvas(width: 320, height: 200)
            canvas.beginStroke(at: Vec2(20, 20), color: RGBA8(200, 30, 30), width: 14, pen: &pen)
            canvas.continueStroke(to: Vec2(300, 180), color: RGBA8(200, 30, 30), pen: &pen)
            let scene = Scene(layers: [Layer(elements: [.canvas(Rect(x: 13, y: 9, w: 211, h: 133))])])
            h.sdl.draw(scene, canvas: canvas)
            let scaledEachFrame = Self.window(h, width: 320, height: 200)
            #expect(h.sdl.canvasLayer.texture.scaled.shows == nil, "a canvas seen for the first time is scaled straight")
            h.sdl.draw(scene, canvas: canvas)
            #expect(h.sdl.canvasLayer.texture.scaled.shows == canvas.revision, "standing still, it is kept scaled")
            #expect(differingBytes(Self.window(h, width: 320, height: 200), scaledEachFrame) == 0)
            h.sdl.draw(scene, canvas: canvas)
            #expect(differingBytes(Self.window(h, width: 320, height: 200), scaledEachFrame) == 0)

            // Painted on: scaled straight while it moves, then kept again, the same either way.
            canvas.continueStroke(to: Vec2(40, 190), color: RGBA8(30, 30, 200), pen: &pen)
            h.sdl.draw(scene, canvas: canvas)
            let moved = Self.window(h, width: 320, height: 200)
            #expect(differingBytes(moved, scaledEachFrame) > 0)
            #expect(h.sdl.canvasLayer.texture.scaled.shows != canvas.revision)
            h.sdl.draw(scene, canvas: canvas)
            #expect(h.sdl.canvasLayer.texture.scaled.shows == canvas.revision)
            #expect(differingBytes(Self.window(h, width: 320, height: 200), moved) == 0)
        }

        @Test("Another canvas at the same revision is not shown through the last one's kept scaled copy")
        func scaledCopyIsTheCanvasOwn() throws {
            let h = try SDLHarness(width: 320, height: 200)
            // Two new canvases of one size: both at the first revision, unlike in colour.
            let white = Canvas(width: 320, height: 200), dark = Canvas(width: 320, height: 200, background: RGBA8(20, 40, 90))
            #expect(white.revision == dark.revision)
            let scene = Scene(layers: [Layer(elements: [.canvas(Rect(x: 13, y: 9, w: 211, h: 133))])])
            h.sdl.draw(scene, canvas: white)
            h.sdl.draw(scene, canvas: white)
            #expect(h.sdl.canvasLayer.texture.scaled.shows == white.revision, "kept scaled")
            h.sdl.draw(scene, canvas: dark)
            let window = Self.window(h, width: 320, height: 200)
            // The middle of the box: the dark canvas's colour, not the white one's.
            let i = (9 + 66) * 320 * 4 + (13 + 105) * 4
            #expect(Array(window[i..<i + 3]) == [20, 40, 90])
        }

        @Test("Composing only what changed shows what composing everything shows, frame after frame")
        func damageEqualsFullFrames() throws {
            let h = try SDLHarness(width: 320, height: 200)
            #expect(h.sdl.canvasLayer.isSoftware)
            let id = try Self.addDrawing(h)
            h.frame()
            h.app.openDrawing(id)
            h.frames(2)
            let whole = SDL_Rect(x: 0, y: 0, w: 320, h: 200)
            var partial = 0
            // Roll and paint, turn, lift the pen, open help and close it: the ball, the dial,
            // the notices and the buttons move over the canvas.
            h.app.handle(.keyDown(.right, ctrl: false, isRepeat: false))
            h.app.handle(.keyDown(.e, ctrl: false, isRepeat: false))
            for i in 0..<90 {
                switch i {
                case 20: h.app.handle(.keyDown(.down, ctrl: false, isRepeat: false))
                case 35: h.app.handle(.keyUp(.e))
                case 40: h.app.handle(.keyDown(.space, ctrl: false, isRepeat: false))
                case 41: h.app.handle(.keyUp(.space))
                case 55: h.app.handle(.keyUp(.right)); h.app.handle(.keyDown(.left, ctrl: false, isRepeat: false))
                case 70: h.app.handle(.keyDown(.x, ctrl: false, isRepeat: false))
                case 71: h.app.handle(.keyUp(.x))
                default: break
                }
                h.frame()
                if h.sdl.canvasLayer.damage.lastCopied != [whole] { partial += 1 }
                let shown = Self.window(h, width: 320, height: 200)
                let (scene, canvas) = try #require(h.platform.presented)
                // The same scene composed in full, on a window that forgot what it held.
                h.sdl.canvasLayer.damage.forget()
                h.sdl.draw(scene, canvas: canvas)
                #expect(h.sdl.canvasLayer.damage.lastCopied == [whole])
                let full = Self.window(h, width: 320, height: 200)
                #expect(differingBytes(shown, full) == 0, "frame \(i)")
            }
            #expect(partial > 0, "no frame composed only what changed")
            #expect(partial >= 80, "\(partial) of 90 frames composed in part")
        }

        @Test("Two players: the canvas between their edges (1:1) composes only what changed, and the same as composing everything")
        func damageBetweenThePlayersEdges() throws {
            let h = try SDLHarness(width: 1280, height: 800)
            h.frame()
            h.app.startNew(mode: .fake, difficulty: .normal, marbles: 2)
            h.frames(2)
            let whole = SDL_Rect(x: 110, y: 124, w: 1060, h: 676)
            var partial = 0, uploads: [Int] = []
            // Both hands roll their marbles apart and turn: two small changed areas a frame.
            for key in [Key.a, .right, .e, .period] { h.app.handle(.keyDown(key, ctrl: false, isRepeat: false)) }
            for i in 0..<30 {
                h.frame()
                uploads.append(h.sdl.canvasLayer.texture.lastUpload)
                if h.sdl.canvasLayer.damage.lastCopied != [whole] { partial += 1 }
                let shown = Self.window(h, width: 1280, height: 800)
                let (scene, canvas) = try #require(h.platform.presented)
                h.sdl.canvasLayer.damage.forget()
                h.sdl.draw(scene, canvas: canvas)
                #expect(h.sdl.canvasLayer.damage.lastCopied == [whole])
                #expect(differingBytes(shown, Self.window(h, width: 1280, height: 800)) == 0, "frame \(i)")
            }
            #expect(partial >= 25, "\(partial) of 30 frames composed in part")
            // Two areas, not their union (most of the canvas's width).
            #expect(uploads.dropFirst(5).allSatisfy { $0 < 1060 * 676 / 10 }, "\(uploads)")
        }

        @Test("Painting, clearing and switching drawings: the texture follows the canvas")
        func textureEqualsCanvas() throws {
            let h = try SDLHarness(width: 320, height: 200)
            let first = try Self.addDrawing(h)
            let second = try Self.addDrawing(h)
            h.frame()
            h.app.openDrawing(first)
            let a = try #require(h.session)
            h.frame()
            #expect(h.sdl.canvasLayer.texture.lastUpload == 320 * 200, "a new canvas uploads whole")

            // Paint a curve; count the frames whose upload was a part of the canvas.
            var partial = 0
            h.app.handle(.keyDown(.right, ctrl: false, isRepeat: false))
            h.app.handle(.keyDown(.e, ctrl: false, isRepeat: false))
            for i in 0..<40 {
                if i == 20 { h.app.handle(.keyDown(.up, ctrl: false, isRepeat: false)) }
                h.frame()
                let n = h.sdl.canvasLayer.texture.lastUpload
                if n > 0 && n < 320 * 200 { partial += 1 }
            }
            h.app.handle(.keyUp(.right))
            h.app.handle(.keyUp(.up))
            h.app.handle(.keyUp(.e))
            #expect(partial > 10, "the frames uploaded dirty rectangles, not the whole canvas")
            #expect(a.canvas.inkStatistics().pixels > 300)
            Self.expectTextureMatches(h, a.canvas, "after painting")

            let painted = a.canvas.inkStatistics().pixels
            try #require(try h.app.drawing?.clearCanvas() == true)
            h.frame()
            #expect(a.canvas.inkStatistics().pixels < painted / 4, "cleared (the rolling ball paints on at once)")
            Self.expectTextureMatches(h, a.canvas, "after clearing")

            h.app.handle(.keyDown(.left, ctrl: false, isRepeat: false))
            h.frames(20)
            h.app.handle(.keyUp(.left))
            #expect(a.canvas.inkStatistics().pixels > 200)
            h.app.openDrawing(second)
            let b = try #require(h.session)
            #expect(b.canvas !== a.canvas)
            h.frame()
            Self.expectTextureMatches(h, b.canvas, "after switching to a blank drawing")
            #expect(differingBytes(h.sdl.readCanvasTexture(width: 320, height: 200), a.canvas.pixelBytes) > 0)

            // And back: the first drawing reopened from the store, with its ink.
            h.app.openDrawing(first)
            let a2 = try #require(h.session)
            h.frame()
            #expect(a2.canvas.inkStatistics().pixels > 200)
            #expect(differingBytes(a2.canvas.pixelBytes, a.canvas.pixelBytes) == 0, "reopened as it was left")
            Self.expectTextureMatches(h, a2.canvas, "after switching back")
        }

        @Test("A restarted replay's blank canvas has nothing dirty: its new identity uploads it whole")
        func replayRestart() throws {
            let h = try SDLHarness(width: 320, height: 200)
            let samples = (0...40).map { i in
                Sample(t: Double(i) * 0.05, tilt: Vec2(0.5, i < 20 ? 0.3 : -0.3), heading: Double(i) * 8)
            }
            let player = ReplayPlayer(log: MarbleLog(samples: samples), configuration: Self.small, name: "test", speed: 4)
            while !player.isAtEnd { FrameLoop.frame(player, on: h.platform) }
            let painted = player.session.canvas
            #expect(painted.inkStatistics().pixels > 500)
            Self.expectTextureMatches(h, painted, "after playing")

            player.handle(.keyDown(.space, ctrl: false, isRepeat: false)) // paused: the new canvas stays blank
            player.restart()
            #expect(player.session.canvas !== painted)
            #expect(player.session.canvas.changes(since: .start) == nil, "nothing changed on the fresh canvas")
            FrameLoop.frame(player, on: h.platform)
            #expect(player.session.canvas.inkStatistics().pixels == 0)
            #expect(h.sdl.canvasLayer.texture.lastUpload == 320 * 200)
            Self.expectTextureMatches(h, player.session.canvas, "after restarting")
        }
    }
}
