import MarbleKit

/// The tool buttons: the eraser, then the three widths as dots of their sizes; marble 1's down
/// the left side, and in a drawing of two marble 2's down the right (below Done).
extension DrawingScreen {
    static func toolButtons(_ tool: PenTool, _ configuration: SessionConfiguration, _ l: Layout) -> [Button] {
        toolColumn(tool, configuration, x: 14 * l.u, top: 100 * l.u, eraser: (.toggleEraser, "X"),
                   brush: { .chooseBrush($0) }, keys: ["1", "2", "3"], l)
    }

    /// Marble 2's: its eraser (/) and widths (8, 9, 0).
    static func secondToolButtons(_ tool: PenTool, _ configuration: SessionConfiguration, _ l: Layout) -> [Button] {
        toolColumn(tool, configuration, x: l.width - 98 * l.u, top: 140 * l.u, eraser: (.toggleSecondEraser, "/"),
                   brush: { .chooseSecondBrush($0) }, keys: ["8", "9", "0"], l)
    }

    private static func toolColumn(_ tool: PenTool, _ configuration: SessionConfiguration, x: Double, top: Double,
                                   eraser: (Action, String), brush action: (PenTool.Brush) -> Action, keys: [String],
                                   _ l: Layout) -> [Button] {
        let side = 84 * l.u, gap = 12 * l.u
        func rect(_ k: Int) -> Rect { Rect(x: x, y: top + Double(k) * (side + gap), w: side, h: side) }
        var out = [
            Button(eraser.0, icon: .eraser, label: "", rect: rect(0), color: tool.erase ? Palette.go : Palette.button,
                   selected: tool.erase, key: eraser.1),
        ]
        for (k, brush) in PenTool.Brush.allCases.enumerated() {
            // Dots as wide as the line they draw, at the scale of the design.
            let width = (brush.width(configuration) ?? configuration.parameters.penWidth) * l.u
            out.append(Button(action(brush), icon: .brush(width), label: "", rect: rect(k + 1),
                              color: Palette.button, selected: tool.brush == brush, key: keys[k]))
        }
        return out
    }
}
