import CSDL2
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// A scene's overlay (the notice) over its layers and their buttons.
    @Suite("Scene overlay")
    struct SceneOverlayTests {
        @Test("The notice along the bottom is drawn over the buttons there, its words whole")
        func noticeOverButtons() throws {
            // At 1280×800 the layout unit is one pixel. A button where the End screen's Delete is.
            let h = try SDLHarness(width: 1280, height: 800)
            let l = Layout(width: 1280, height: 800)
            let button = Button(.deleteDrawing("a"), icon: .trash, label: "Delete", rect: Rect(x: 1008, y: 651, w: 117, h: 110),
                                color: Palette.danger, key: "Del")
            let notice = Notice(text: String(repeating: "W", count: 60), until: 1)
            func window(overlay: [Element]) -> [UInt8] {
                h.sdl.canvasLayer.damage.forget()
                h.sdl.draw(Scene(layers: [Layer(elements: [], buttons: [button])], overlay: overlay), canvas: nil)
                return CanvasTexture.window(h, width: 1280, height: 800)
            }
            let without = window(overlay: [])
            let with = window(overlay: notice.elements(l))
            // The notice's box reaches 90% of the width (1152) and its words past 1008: inside
            // the button's rectangle and the notice's box, the notice changes what shows.
            func offsets(_ rows: Range<Int>) -> [Int] {
                rows.flatMap { y in (1012..<1120).map { x in (y * 1280 + x) * 4 } }
            }
            func differs(_ i: Int, by least: Int) -> Bool {
                (0..<3).contains { (c: Int) -> Bool in abs(Int(with[i + c]) - Int(without[i + c])) >= least }
            }
            let changed = offsets(740..<760).filter { differs($0, by: 24) }.count
            #expect(changed > 1000, "\(changed) of 2,160 pixels of the button changed under the notice")
            // And the button shows as before above the notice's box.
            let above = offsets(660..<720).filter { differs($0, by: 1) }.count
            #expect(above == 0, "\(above) pixels above the notice changed")
        }
    }
}
