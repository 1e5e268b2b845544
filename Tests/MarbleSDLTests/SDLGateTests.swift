import CSDL2
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// The grown-up gate as the window draws it.
    @Suite("Grown-up gate")
    struct GateTests {
        /// The light pixels (the figure's white) inside `r`, as a set of points from its corner.
        static func light(_ pixels: [UInt8], in r: Rect) -> Set<[Int]> {
            var out: Set<[Int]> = []
            for y in Int(r.y)..<Int(r.maxY) {
                for x in Int(r.x)..<Int(r.maxX) where (0..<3).allSatisfy({ pixels[(y * 1280 + x) * 4 + $0] > 200 }) {
                    out.insert([x - Int(r.x), y - Int(r.y)])
                }
            }
            return out
        }

        @Test("Each number's button shows its own figure, large, and the lines of words stay clear of the buttons and of each other")
        func figures() throws {
            let h = try SDLHarness(width: 1280, height: 800)
            var gate = GrownUpGate()
            gate.startOver(nil, draw: { _ in 6 })
            let scene = GateScreen.scene(gate, now: 0, Layout(width: 1280, height: 800))
            h.sdl.canvasLayer.damage.forget()
            h.sdl.draw(scene, canvas: nil)
            let pixels = CanvasTexture.window(h, width: 1280, height: 800)
            let numbers = scene.buttons.filter { if case .gateChoice = $0.action { true } else { false } }
            #expect(numbers.count == 9)
            var figures: [Set<[Int]>] = []
            for b in numbers {
                let figure = Self.light(pixels, in: b.rect.inset(8))
                let rows = Set(figure.map { $0[1] })
                #expect((rows.max() ?? 0) - (rows.min() ?? 0) >= 50, "\(b.action): its figure is at least 50 px tall")
                figures.append(figure)
            }
            for i in figures.indices {
                for j in figures.indices where j > i {
                    #expect(figures[i].symmetricDifference(figures[j]).count > 50, "figures \(i + 1) and \(j + 1) differ (by a stroke at least)")
                }
            }
            // Nothing light between the row's top and the words' last line: the words end above it.
            let top = numbers.map(\.rect.y).min() ?? 0
            let texts = scene.layers[0].elements.compactMap { e -> Point? in if case .text(_, let p, _, _, _, _) = e { p } else { nil } }
            #expect(texts.allSatisfy { $0.y < top - 30 || $0.y > top + 200 }, "no words on the numbers' row")
            #expect(Self.light(pixels, in: Rect(x: 0, y: top - 40, w: 1280, h: 36)).isEmpty, "a clear gap over the row")
            // The lines of words do not touch: a dark row between each pair.
            let lit = (0..<Int(top)).map { y in (0..<1280).contains { x in (0..<3).allSatisfy { pixels[(y * 1280 + x) * 4 + $0] > 150 } } }
            let runs = lit.indices.filter { lit[$0] && ($0 == 0 || !lit[$0 - 1]) }.count
            #expect(runs >= 4, "the title, the instruction, the word and the hint on lines of their own (\(runs) runs)")
        }
    }
}
