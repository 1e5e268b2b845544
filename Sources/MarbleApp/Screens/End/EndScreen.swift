import MarbleKit

/// The end of a drawing: the picture, and Save picture, Draw more, Save log, Delete, Home, Watch, Save time-lapse.
enum EndScreen {
    /// `lastExport` is shown under the picture unless a notice covers that line. A traced
    /// shape's guide lies over the picture, and its score's stars over that. `age` is how long
    /// the screen has shown, in s: the movement meter fills over it.
    static func scene(_ drawing: StoredDrawing, lastExport: String?, noticeShown: Bool,
                      trace: TraceShape? = nil, score: TraceScore? = nil, age: Double = 10, _ l: Layout) -> Scene {
        let canvas = drawing.session.canvas
        // Below the picture: its title (and a trace's share), then the movement panel.
        let area = Rect(x: 24 * l.u, y: 24 * l.u, w: l.width - 320 * l.u, h: l.height - 200 * l.u)
        let place = CanvasPlacement(width: canvas.width, height: canvas.height, in: area)
        let canvasRect = place.rect
        let specs: [(Action, Icon, String, RGBA8, String)] = [
            (.savePicture, .save, "Save picture", Palette.go, "S"),
            (.continueDrawing, .play, "Draw more", Palette.button, "C"),
            (.saveLog, .log, "Save log", Palette.button, "L"),
            (.delete, .trash, "Delete", Palette.danger, "Del"),
            (.home, .home, "Home", Palette.neutral, "H"),
        ]
        // A column of big buttons, Undo and Redo sharing its first row, shrunk to fit the window.
        let rows = Double(specs.count + 3)
        let x = l.width - 272 * l.u, w = 248 * l.u, gap = 14 * l.u
        let h = min(124 * l.u, (l.height - 48 * l.u) / rows - gap)
        let top = max(24 * l.u, (l.height - rows * (h + gap)) / 2)
        var buttons = specs.enumerated().map { i, s in
            Button(s.0, icon: s.1, label: s.2, rect: Rect(x: x, y: top + Double(i + 1) * (h + gap), w: w, h: h), color: s.3, key: s.4)
        }
        // After the others in the list, so that Save picture keeps the first focus.
        let half = (w - gap) / 2
        let session = drawing.session
        buttons += [
            Button(.undo, icon: .undo, label: "Undo", rect: Rect(x: x, y: top, w: half, h: h),
                   color: session.canUndo ? Palette.button : Palette.neutral, key: "Z"),
            Button(.redo, icon: .redo, label: "Redo", rect: Rect(x: x + half + gap, y: top, w: half, h: h),
                   color: session.canRedo ? Palette.button : Palette.neutral, key: "Y"),
            // Watching and the time-lapse: the drawing's whole history, below the rest.
            Button(.watch(drawing.id), icon: .watch, label: "Watch", rect: Rect(x: x, y: top + Double(specs.count + 1) * (h + gap), w: w, h: h),
                   color: Palette.button, key: "W"),
            Button(.saveTimelapse, icon: .film, label: "Save time-lapse", rect: Rect(x: x, y: top + Double(specs.count + 2) * (h + gap), w: w, h: h),
                   color: Palette.button, key: "T"),
        ]
        var elements: [Element] = [
            .box(canvasRect.inset(-6 * l.u), Palette.panel, radius: 8 * l.u),
            .canvas(canvasRect),
        ]
        if let trace { elements.append(TraceOverlay.guide(trace, width: canvas.width, height: canvas.height, place)) }
        if let score { elements += TraceOverlay.stars(score, over: canvasRect, caption: Point(canvasRect.maxX, canvasRect.maxY + 36 * l.u), l) }
        elements += [
            .text(drawing.title, Point(canvasRect.x, canvasRect.maxY + 36 * l.u), .body, Palette.text, .left),
        ]
        let panel = Rect(x: canvasRect.x, y: canvasRect.maxY + 52 * l.u, w: min(420 * l.u, canvasRect.w), h: 76 * l.u)
        elements += MovementPanel.elements(session.movement.figures, duration: session.duration, age: age, in: panel, l)
        if let lastExport, !noticeShown {
            elements.append(.text("Saved: \(lastExport)", Point(canvasRect.x, panel.maxY + 22 * l.u), .small, Palette.dimText, .left))
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    static func key(_ key: Key, id: String) -> KeyResponse {
        switch key {
        case .w: .act(.watch(id))
        case .t: .act(.saveTimelapse)
        case .s: .act(.savePicture)
        case .l: .act(.saveLog)
        case .c: .act(.continueDrawing)
        case .delete, .backspace: .act(.delete)
        case .h: .act(.home)
        case .z: .act(.undo)
        case .y: .act(.redo)
        default: .navigate
        }
    }
}
