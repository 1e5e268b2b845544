import MarbleKit

/// The tool buttons down the drawing screen's left side: the eraser, then the three widths
/// as dots of their sizes.
extension DrawingScreen {
    static func toolButtons(_ tool: PenTool, _ configuration: SessionConfiguration, _ l: Layout) -> [Button] {
        let side = 84 * l.u, gap = 12 * l.u, x = 14 * l.u, top = 100 * l.u
        func rect(_ k: Int) -> Rect { Rect(x: x, y: top + Double(k) * (side + gap), w: side, h: side) }
        var out = [
            Button(.toggleEraser, icon: .eraser, label: "", rect: rect(0), color: tool.erase ? Palette.go : Palette.button,
                   selected: tool.erase, key: "X"),
        ]
        for (k, brush) in PenTool.Brush.allCases.enumerated() {
            // Dots as wide as the line they draw, at the scale of the design.
            let width = (brush.width(configuration) ?? configuration.parameters.penWidth) * l.u
            out.append(Button(.chooseBrush(brush), icon: .brush(width), label: "", rect: rect(k + 1),
                              color: Palette.button, selected: tool.brush == brush, key: "\(brush.rawValue)"))
        }
        return out
    }

    /// The second marble's tool column, down the right side (below Done), in a drawing of two:
    /// its eraser (/) and widths (8, 9, 0).
    static func secondToolButtons(_ tool: PenTool, _ configuration: SessionConfiguration, _ l: Layout) -> [Button] {
        let side = 84 * l.u, gap = 12 * l.u, x = l.width - 14 * l.u - side, top = 140 * l.u
        func rect(_ k: Int) -> Rect { Rect(x: x, y: top + Double(k) * (side + gap), w: side, h: side) }
        var out = [
            Button(.toggleSecondEraser, icon: .eraser, label: "", rect: rect(0), color: tool.erase ? Palette.go : Palette.button,
                   selected: tool.erase, key: "/"),
        ]
        for (k, brush) in PenTool.Brush.allCases.enumerated() {
            let width = (brush.width(configuration) ?? configuration.parameters.penWidth) * l.u
            out.append(Button(.chooseSecondBrush(brush), icon: .brush(width), label: "", rect: rect(k + 1),
                              color: Palette.button, selected: tool.brush == brush, key: ["8", "9", "0"][k]))
        }
        return out
    }
}
