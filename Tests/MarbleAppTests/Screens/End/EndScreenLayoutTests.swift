import MarbleKit
import Testing
@testable import MarbleApp

/// The End screen's words and panels under the picture keep apart, whatever the children.
@Suite("End screen layout")
struct EndScreenLayoutTests {
    /// Tolerance: a line of text is taken as 1.2 of its size tall, centred on its point (DejaVu
    /// Sans, the app's font, is 1.16 em from its ascent to its descent).
    @Test("The title under the picture is clear of the movement panels and their player frames, for 1 to 4 children",
          arguments: [1, 2, 3, 4])
    func titleClearOfPanels(children: Int) throws {
        let temp = try TempStore()
        var configuration = SessionConfiguration()
        configuration.marbles = children
        let drawing = try temp.store.create(configuration: configuration)
        defer { try? drawing.close() }
        for (width, height) in [(1280.0, 800.0), (1024, 600), (1920, 1080)] {
            let l = Layout(width: width, height: height)
            let scene = EndScreen.scene(drawing, lastExport: "Saved here", noticeShown: false, l)
            let elements = scene.layers[0].elements
            let canvas = try #require(elements.lazy.compactMap { e -> Rect? in if case .canvas(let r) = e { r } else { nil } }.first)
            let title = try #require(elements.lazy.compactMap { e -> (Point, TextSize)? in
                if case .text(let s, let p, let size, _, _, _) = e, s == drawing.title { (p, size) } else { nil }
            }.first)
            let bottom = title.0.y + 0.6 * Double(title.1.rawValue) * l.u
            // The boxes below the picture's frame: the panels and the frames in the players' colours.
            let panels = elements.compactMap { e -> Rect? in
                if case .box(let r, _, _) = e, r.y > canvas.maxY + 10 * l.u { r } else { nil }
            }
            #expect(panels.count >= children, "\(children) children at \(width)×\(height): \(panels.count) boxes")
            for r in panels {
                #expect(r.y >= bottom, "\(children) children at \(width)×\(height): a box at y \(r.y) over the title's foot at \(bottom)")
                #expect(r.maxY <= height, "\(children) children at \(width)×\(height): a box reaches \(r.maxY)")
            }
        }
    }
}
