import CSDL2
import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// Settings ▸ Class's open padlock (plain http://): a body, and a shackle lifted out of it.
    @Suite("Open padlock")
    struct PadlockTests {
        @Test("The body and the lifted shackle are drawn; the gap under the shackle's free leg is not")
        func drawn() throws {
            let h = try SDLHarness(width: 200, height: 200)
            h.sdl.canvasLayer.damage.forget()
            h.sdl.draw(Scene(layers: [Layer(elements: [.icon(.openPadlock, Rect(x: 50, y: 50, w: 100, h: 100), RGBA8(255, 255, 255, 255))])]),
                       canvas: nil)
            let px = CanvasTexture.window(h, width: 200, height: 200)
            func bright(_ x: Int, _ y: Int) -> Bool { px[(y * 200 + x) * 4] > 200 }
            if let out = ProcessInfo.processInfo.environment["MARBLE_PADLOCK_PPM"] {
                var ppm = Array("P6 200 200 255\n".utf8)
                for i in stride(from: 0, to: px.count, by: 4) { ppm += px[i..<(i + 3)] }
                FileManager.default.createFile(atPath: out, contents: Data(ppm))
            }
            #expect(bright(50 + 30, 50 + 75), "the body")
            #expect(bright(50 + 50, 50 + 6), "the shackle's top")
            #expect(bright(50 + 30, 50 + 40), "the shackle's leg into the body")
            #expect(!bright(50 + 70, 50 + 42), "the gap under the free leg (open)")
            #expect(!bright(50 + 50, 50 + 68), "the keyhole")
        }
    }
}
