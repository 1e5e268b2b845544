import CSDL2
import MarbleKit
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// Keys pushed into SDL's queue reach the app through `SDLPlatform.poll`.
    @Suite("Keyboard")
    struct Keyboard {
        @Test("N opens Setup, arrows move focus, Enter starts, Esc pauses")
        func navigate() throws {
            let h = try SDLHarness()
            h.frame()
            #expect(h.sdl.rendererName == "software")
            h.tap(SDLK_RIGHT)
            #expect(h.app.focus == 1)
            h.tap(SDLK_LEFT)
            #expect(h.app.focus == 0)
            h.tap(SDLK_n)
            #expect(h.app.screen == .setup)
            h.tap(SDLK_f)
            #expect(h.app.setupMode == .fake)
            h.tap(SDLK_3)
            #expect(h.app.setupDifficulty == .hard)
            h.tap(SDLK_RETURN)
            #expect(h.app.screen == .drawing)
            h.tap(SDLK_ESCAPE)
            #expect(h.app.paused == .user)
            h.tap(SDLK_ESCAPE)
            #expect(h.app.paused == nil)
        }

        @Test("Holding Right (pushed key down, frames, key up) rolls the ball right")
        func holdRight() throws {
            let h = try SDLHarness()
            h.frame()
            h.startDrawing()
            let session = try #require(h.session)
            let x0 = session.marbles[0].ball.position.x
            h.key(SDLK_RIGHT, down: true)
            h.frames(30)
            #expect(session.marbles[0].ball.position.x > x0 + 5)
            h.key(SDLK_RIGHT, down: false)
            h.frames(30)
            let x1 = session.marbles[0].ball.position.x
            h.frames(10)
            #expect(abs(session.marbles[0].ball.position.x - x1) < abs(x1 - x0), "released: the ball slows down")
            #expect(session.canvas.inkStatistics().pixels > 0)
        }

        @Test("A repeated key down does not act twice; Ctrl+Q quits")
        func repeatAndCtrlQ() throws {
            let h = try SDLHarness()
            h.frame()
            h.key(SDLK_g, down: true, isRepeat: true)
            h.frame()
            #expect(h.app.screen == .home)
            h.key(SDLK_q, down: true, ctrl: true)
            h.frame()
            #expect(h.app.finished)
            // The voice's sentences aside (Home's greeting).
            #expect(h.platform.effects.filter { if case .speak = $0 { false } else { true } } == [.quit])
        }
    }
}
