import Testing
@testable import MarbleApp
@testable import MarbleKit

/// What lies under a gallery tile: its length, the shape it traces, the children's moving bars
/// and the bin.
@Suite("Gallery tile layout")
struct GalleryTileLayoutTests {
    @Test("Everything under a tile is centred on one line, the bin's middle", arguments: [1, 3, 4])
    func underTileOnOneLine(children: Int) {
        let figures = (0..<children).map { MovementMeter.Figures(tiltDegrees: 90, turnDegrees: 0, activeSeconds: Double(4 * ($0 + 1))) }
        let entry = DrawingSummary(id: "a", title: "a", created: 0, modified: 0, duration: 16, segments: 10, journalLength: 0,
                                   thumbnailPath: "", trace: .star, marbles: figures)
        var page = GalleryPage()
        page.show([entry], keepingScroll: false)
        let scene = GalleryScreen.scene(page, Layout(width: 1280, height: 800))
        let buttons = scene.layers.flatMap(\.buttons)
        guard let tile = buttons.first(where: { $0.action == .open("a") }),
              let bin = buttons.first(where: { $0.action == .deleteDrawing("a") }) else {
            Issue.record("no tile or bin")
            return
        }
        let line = bin.rect.center.y
        var centres: [(String, Double)] = []
        for element in scene.layers.flatMap(\.elements) {
            switch element {
            case .text(let s, let p, _, _, _, _) where p.y > tile.rect.maxY: centres.append((s, p.y))
            case .icon(let icon, let r, _) where r.y > tile.rect.maxY: centres.append(("\(icon)", r.center.y))
            case .box(let r, _, _) where r.y > tile.rect.maxY: centres.append(("bar at x \(r.x)", r.center.y))
            default: break
            }
        }
        // The length, the star, the stopwatch and a bar (with its fill) a child.
        #expect(centres.count == 3 + 2 * children, "\(centres.map(\.0))")
        for (what, y) in centres {
            #expect(abs(y - line) < 0.5, "\(what) centred at \(y), the bin at \(line)")
        }
    }
}
