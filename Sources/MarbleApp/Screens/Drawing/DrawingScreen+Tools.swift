import MarbleKit

/// The players' tool columns: the eraser, then the three widths as dots of their sizes, then
/// the glass (how see-through the paint is; one or two children); player 1's (and 3's) down the
/// left edge, player 2's (and 4's) down the right, each edged in its player's colour. Players 1
/// and 2 have their keys on them (X, 1, 2, 3, G and /, 8, 9, 0, -).
extension DrawingScreen {
    static func toolColumn(player k: Int, of n: Int, _ tool: PenTool, _ configuration: SessionConfiguration,
                           _ l: Layout) -> ([Button], [Element]) {
        let side = (n > 2 ? 60 : 84) * l.u, gap = (n > 2 ? 8 : 12) * l.u
        let x = k % 2 == 0 ? 14 * l.u : l.width - 14 * l.u - side
        // A child alone has their column where it always was; with several, room above each for its number.
        let top = (n > 1 ? 136 : 100) * l.u + (k < 2 ? 0 : 4 * (side + gap) + 40 * l.u)
        let keys = k == 0 ? ["X", "1", "2", "3", "G"] : k == 1 ? ["/", "8", "9", "0", "-"] : ["", "", "", "", ""]
        func rect(_ r: Int) -> Rect { Rect(x: x, y: top + Double(r) * (side + gap), w: side, h: side) }
        var buttons = [
            Button(.toggleEraser(player: k), icon: .eraser, label: "", rect: rect(0), color: tool.erase ? Palette.go : Palette.button,
                   selected: tool.erase, key: keys[0]),
        ]
        for (r, brush) in PenTool.Brush.allCases.enumerated() {
            // Dots as wide as the line they draw, at the scale of the design.
            let width = (brush.width(configuration) ?? configuration.parameters.penWidth) * l.u
            buttons.append(Button(.chooseBrush(brush, player: k), icon: .brush(width), label: "", rect: rect(r + 1),
                                  color: Palette.button, selected: tool.brush == brush, key: keys[r + 1]))
        }
        // The glass: with three or four children their two columns down one edge have no room for it.
        let glass = n <= 2
        if glass {
            buttons.append(Button(.nextOpacity(player: k), icon: .glass(tool.opacity), label: "", rect: rect(4),
                                  color: Palette.button, selected: nil, key: keys[4]))
        }
        guard n > 1 else { return (buttons, []) }
        // A strip of the player's colour beside the column, on the window's edge, and their number under it.
        let rows = Double(glass ? 5 : 4)
        let strip = Rect(x: k % 2 == 0 ? 2 * l.u : l.width - 8 * l.u, y: top, w: 6 * l.u, h: rows * side + (rows - 1) * gap)
        let badge = Rect(x: x + side / 2 - 14 * l.u, y: strip.maxY + 6 * l.u, w: 28 * l.u, h: 26 * l.u)
        return (buttons, [.box(strip, PlayerColors.color(of: k), radius: 3 * l.u),
                          .box(badge, PlayerColors.color(of: k), radius: 6 * l.u),
                          .text("\(k + 1)", badge.center, .small, Palette.backdrop, .center)])
    }
}
