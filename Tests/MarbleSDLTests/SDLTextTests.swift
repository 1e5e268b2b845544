import CSDL2
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// Words drawn by the window: a fitted line keeps to its width.
    @Suite("Text")
    struct TextTests {
        @Test("A fitted line longer than its width is shrunk into it; a short one is drawn as it is")
        func fittedLine() throws {
            let h = try SDLHarness(width: 320, height: 200)
            let dark = RGBA8(40, 40, 40), words = "no pad or phone yet: plug one in"
            func inked(_ elements: [Element]) -> (inside: Int, past: Int) {
                h.sdl.canvasLayer.damage.forget()
                h.sdl.draw(Scene(layers: [Layer(elements: [.box(Rect(x: 0, y: 0, w: 320, h: 200), dark, radius: 0)] + elements)]), canvas: nil)
                let w = CanvasTexture.window(h, width: 320, height: 200)
                var inside = 0, past = 0
                for y in 60..<140 {
                    for x in 0..<320 where w[(y * 320 + x) * 4] > 100 {
                        if x < 130 { inside += 1 } else { past += 1 }
                    }
                }
                return (inside, past)
            }
            // As plain text it runs well past 130; fitted to 120 from x 10, nothing passes 130.
            let plain = inked([.text(words, Point(10, 100), .small, RGBA8(255, 255, 255), .left)])
            #expect(plain.past > 50, "the words are wider than the width: \(plain)")
            let fitted = inked([.text(words, Point(10, 100), .small, RGBA8(255, 255, 255), .left, maxWidth: 120)])
            #expect(fitted.past == 0 && fitted.inside > 50, "\(fitted)")
            let short = inked([.text("Hi", Point(10, 100), .small, RGBA8(255, 255, 255), .left, maxWidth: 120)])
            let shortPlain = inked([.text("Hi", Point(10, 100), .small, RGBA8(255, 255, 255), .left)])
            #expect(short == shortPlain)
        }
    }
}
