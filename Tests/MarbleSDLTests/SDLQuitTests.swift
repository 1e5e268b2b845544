import CSDL2
import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    @Suite("Quit and mappings")
    struct QuitAndMappings {
        @Test("SDL_QUIT saves the drawing: it reopens with the same pixels and ball")
        func quitSaves() throws {
            let h = try SDLHarness(width: 320, height: 200)
            let small = try h.store.create(configuration: SessionConfiguration(canvasWidth: 320, canvasHeight: 200))
            try small.close()
            h.frame()
            h.app.openDrawing(small.id)
            h.frame()
            let d = try #require(h.app.drawing)
            h.key(SDLK_RIGHT, down: true)
            h.key(SDLK_e, down: true)
            h.frames(40)
            #expect(d.session.canvas.inkStatistics().pixels > 0)
            h.quit()
            h.frame()
            #expect(h.app.finished)
            // The voice's sentences aside (the greetings).
            #expect(h.platform.effects.filter { if case .speak = $0 { false } else { true } } == [.quit])
            #expect(SDL_GetWindowFlags(h.sdl.window) & SDL_WINDOW_HIDDEN.rawValue != 0)
            let reopened = try DrawingStateStore(root: h.root, environment: .system).open(d.id)
            defer { try? reopened.close() }
            #expect(differingBytes(reopened.session.canvas.pixelBytes, d.session.canvas.pixelBytes) == 0)
            #expect(reopened.session.marbles[0].ball.position == d.session.marbles[0].ball.position)
            #expect(reopened.session.acceptedSamples == d.session.acceptedSamples)
        }

        @Test("loadMappings adds a valid gamecontrollerdb line; a missing file gives nil")
        func mappings() throws {
            let h = try SDLHarness()
            let guid = "03000000fecadeba0d00000001000000"
            let line = "\(guid),MarbleKit Test Pad,a:b0,b:b1,x:b2,y:b3,back:b6,start:b7,"
                + "leftshoulder:b4,rightshoulder:b5,leftx:a0,lefty:a1,rightx:a3,righty:a4,platform:Linux,\n"
            let path = try h.folder.write("# a comment\n" + line, to: "gamecontrollerdb.txt")
            #expect(h.sdl.loadMappings(path) == 1)
            let mapping = SDL_GameControllerMappingForGUID(SDL_JoystickGetGUIDFromString(guid))
            #expect(mapping.map { String(cString: $0).contains("MarbleKit Test Pad") } == true)
            if let mapping { SDL_free(mapping) }

            #expect(h.sdl.loadMappings(h.root + "/missing.txt") == nil)
        }
    }
}
