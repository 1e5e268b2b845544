import CSDL2
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// The Phone screen's code as the window draws it: dark modules black on white, a quiet
    /// zone of four modules, each module whole pixels, centred in its rectangle.
    @Suite("QR codes")
    struct QRCodes {
        @Test("Each module is a square of whole pixels, black or white, with four light modules round the code")
        func crispModules() throws {
            let h = try SDLHarness(width: 320, height: 200)
            // A 21-module code of stripes and a dark corner.
            let code = try #require(QRMatrix(size: 21, modules: (0..<441).map { i in (i % 21 + i / 21) % 3 == 0 || i == 0 }))
            let rect = Rect(x: 10, y: 10, w: 150, h: 150)
            h.sdl.draw(Scene(layers: [Layer(elements: [.qr(code, payload: "x", rect)])]), canvas: nil)
            let pixels = CanvasTexture.window(h, width: 320, height: 200)
            // 150 / 29 modules: 5 px each, 145 px, starting at 10 + 2 (centred, rounded down).
            let px = 5, x0 = 12, y0 = 12
            func isBlack(_ x: Int, _ y: Int) -> Bool? {
                let i = (y * 320 + x) * 4
                let rgb = Array(pixels[i..<i + 3])
                return rgb == [0, 0, 0] ? true : rgb == [255, 255, 255] ? false : nil
            }
            for my in 0..<29 {
                for mx in 0..<29 {
                    let dark = code.isDark(mx - 4, my - 4)
                    // Every pixel of the module, its corners and middle, is its colour.
                    for (dx, dy) in [(0, 0), (px - 1, 0), (0, px - 1), (px - 1, px - 1), (2, 2)] {
                        #expect(isBlack(x0 + mx * px + dx, y0 + my * px + dy) == dark, "module (\(mx), \(my))")
                    }
                }
            }
        }
    }
}
