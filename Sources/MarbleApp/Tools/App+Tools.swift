/// The eraser and the brushes: chosen on the drawing screen, fed with every sample.
extension App {
    /// Turns the eraser on or off (X, the eraser button, the pad's north button).
    func toggleEraser() { drawings.toggleEraser() }

    /// Picks a width (1, 2, 3 or their buttons); the eraser stays as it is.
    func chooseBrush(_ brush: PenTool.Brush) { drawings.choose(brush) }

    /// One width thinner or fatter (the pad's D-pad down and up).
    func stepBrush(_ by: Int) {
        let all = PenTool.Brush.allCases
        let i = all.firstIndex(of: drawings.tool.brush) ?? 1
        drawings.choose(all[min(max(i + by, 0), all.count - 1)])
    }
}
