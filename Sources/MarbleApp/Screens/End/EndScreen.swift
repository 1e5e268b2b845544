import MarbleKit

/// The end of a drawing: the picture, and Save picture, Draw more, Save log, Delete, Home.
enum EndScreen {
    /// `lastExport` is shown under the picture unless a notice covers that line.
    static func scene(_ drawing: StoredDrawing, lastExport: String?, noticeShown: Bool, _ l: Layout) -> Scene {
        let canvas = drawing.session.canvas
        let area = Rect(x: 24 * l.u, y: 24 * l.u, w: l.width - 320 * l.u, h: l.height - 120 * l.u)
        let canvasRect = CanvasPlacement(width: canvas.width, height: canvas.height, in: area).rect
        let x = l.width - 272 * l.u, w = 248 * l.u, h = 124 * l.u, gap = 14 * l.u
        let specs: [(Action, Icon, String, RGBA8, String)] = [
            (.savePicture, .save, "Save picture", Palette.go, "S"),
            (.continueDrawing, .play, "Draw more", Palette.button, "C"),
            (.saveLog, .log, "Save log", Palette.button, "L"),
            (.delete, .trash, "Delete", Palette.danger, "Del"),
            (.home, .home, "Home", Palette.neutral, "H"),
        ]
        let top = max(24 * l.u, (l.height - Double(specs.count) * (h + gap)) / 2)
        let buttons = specs.enumerated().map { i, s in
            Button(s.0, icon: s.1, label: s.2, rect: Rect(x: x, y: top + Double(i) * (h + gap), w: w, h: h), color: s.3, key: s.4)
        }
        var elements: [Element] = [
            .box(canvasRect.inset(-6 * l.u), Palette.panel, radius: 8 * l.u),
            .canvas(canvasRect),
            .text(drawing.title, Point(canvasRect.x, canvasRect.maxY + 40 * l.u), .body, Palette.text, .left),
        ]
        if let lastExport, !noticeShown {
            elements.append(.text("Saved: \(lastExport)", Point(canvasRect.x, canvasRect.maxY + 76 * l.u), .small, Palette.dimText, .left))
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    static func key(_ key: Key) -> KeyResponse {
        switch key {
        case .s: .act(.savePicture)
        case .l: .act(.saveLog)
        case .c: .act(.continueDrawing)
        case .delete, .backspace: .act(.delete)
        case .h: .act(.home)
        default: .navigate
        }
    }
}
