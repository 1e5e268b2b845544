import CSDL2
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// Buttons copied from the button cache look as buttons drawn shape by shape. Tolerance: 4
    /// levels a channel, where see-through text lies on a button: SDL's software blitter
    /// rounds a blend into the cache's ARGB texture a little differently from one into the
    /// window's surface (measured: at most 3).
    @Suite("Button cache")
    struct ButtonCacheTests {
        /// Buttons of every kind: plain with a key, an option chosen and not, focused, labelled,
        /// at fractions of a pixel, and one of a see-through colour (never cached).
        static func scene(focus: Int?) -> Scene {
            let buttons = [
                Button(.undo, icon: .undo, label: "", rect: Rect(x: 10.3, y: 12.6, w: 60, h: 60), key: "Z"),
                Button(.toggleEraser(player: 0), icon: .eraser, label: "", rect: Rect(x: 90, y: 10, w: 60, h: 60),
                       color: Palette.go, selected: true, key: "X"),
                Button(.chooseBrush(.thin, player: 1), icon: .brush(6), label: "", rect: Rect(x: 170.5, y: 10.5, w: 60, h: 60),
                       selected: false, key: "8"),
                Button(.done, icon: .check, label: "Done", rect: Rect(x: 20, y: 100, w: 140, h: 90), color: Palette.go, key: "Enter"),
                Button(.help, icon: .help, label: "", rect: Rect(x: 200, y: 110, w: 50, h: 50), color: RGBA8(90, 90, 90, 128)),
            ]
            var scene = Scene(background: Palette.backdrop, layers: [Layer(elements: [], buttons: buttons)])
            scene.focus = focus
            return scene
        }

        /// The pixels that differ by more than the tolerance between two window reads, and the first few.
        static func differences(_ a: [UInt8], _ b: [UInt8], width: Int) -> (count: Int, first: [String]) {
            var count = 0, first: [String] = []
            for i in stride(from: 0, to: min(a.count, b.count), by: 4) where (0..<4).contains(where: { abs(Int(a[i + $0]) - Int(b[i + $0])) > 4 }) {
                count += 1
                if first.count < 5 { first.append("(\(i / 4 % width), \(i / 4 / width)): \(Array(a[i..<i + 4])) against \(Array(b[i..<i + 4]))") }
            }
            return (count, first)
        }

        @Test("Drawn from the cache (and again), every pixel is within 4 levels of the one drawing the shapes gives")
        func samePixels() throws {
            for focus in [nil, 0, 1, 3] as [Int?] {
                let h = try SDLHarness(width: 320, height: 200)
                h.sdl.buttonCache.drawsToTextures = false
                h.sdl.draw(Self.scene(focus: focus), canvas: nil)
                let drawn = CanvasTexture.window(h, width: 320, height: 200)
                #expect(Set(stride(from: 0, to: drawn.count, by: 4).map { drawn[$0] }).count > 20, "the buttons were drawn")
                h.sdl.buttonCache.drawsToTextures = true
                h.sdl.draw(Self.scene(focus: focus), canvas: nil)
                #expect(h.sdl.buttonCache.entries.count == 4, "the see-through button is not cached")
                let first = Self.differences(CanvasTexture.window(h, width: 320, height: 200), drawn, width: 320)
                #expect(first.count == 0, "focus \(String(describing: focus)), first from the cache: \(first)")
                h.sdl.draw(Self.scene(focus: focus), canvas: nil)
                let again = Self.differences(CanvasTexture.window(h, width: 320, height: 200), drawn, width: 320)
                #expect(again.count == 0, "again: \(again)")
                #expect(h.sdl.buttonCache.entries.count == 4, "nothing new made the second time")
            }
        }
    }
}
