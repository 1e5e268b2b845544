import MarbleKit

/// The end of a drawing: the picture, and Save picture, Draw more, Save log, Delete, Home, Watch, Save time-lapse;
/// with a class folder, Hand in beside Save log, and the hand-in's clock or tick and its code.
enum EndScreen {
    /// `lastExport` is shown under the picture unless a notice covers that line. A traced
    /// shape's guide lies over the picture, and its score's stars over that. `age` is how long
    /// the screen has shown, in s: the movement meter fills over it. `handIn` is nil when no
    /// class folder is set on this machine.
    static func scene(_ drawing: StoredDrawing, lastExport: String?, noticeShown: Bool,
                      trace: TraceShape? = nil, score: TraceScore? = nil, age: Double = 10, film: Double? = nil,
                      savingPicture: Bool = false, handIn: HandInView? = nil, _ l: Layout) -> Scene {
        let canvas = drawing.session.canvas
        // Below the picture: its title (and a trace's share), then the movement panel.
        let area = Rect(x: 24 * l.u, y: 24 * l.u, w: l.width - 320 * l.u, h: l.height - 200 * l.u)
        let place = CanvasPlacement(width: canvas.width, height: canvas.height, in: area)
        let canvasRect = place.rect
        // A column of big buttons shrunk to fit the window: Undo | Redo, Save picture, Draw more,
        // Save log, Watch | Save time-lapse, Delete | Home (pairs share a row so that every
        // button keeps room for its picture and its word).
        let rows = 6.0
        let x = l.width - 272 * l.u, w = 248 * l.u, gap = 14 * l.u
        let h = min(124 * l.u, (l.height - 48 * l.u) / rows - gap)
        let top = max(24 * l.u, (l.height - rows * (h + gap)) / 2)
        let half = (w - gap) / 2
        func full(_ row: Int) -> Rect { Rect(x: x, y: top + Double(row) * (h + gap), w: w, h: h) }
        func left(_ row: Int) -> Rect { Rect(x: x, y: top + Double(row) * (h + gap), w: half, h: h) }
        func right(_ row: Int) -> Rect { Rect(x: x + half + gap, y: top + Double(row) * (h + gap), w: half, h: h) }
        let session = drawing.session
        // Save picture first in the list: it keeps the first focus.
        var buttons = [
            // While the picture is saved, the button says so (pressing it again does nothing).
            Button(.savePicture, icon: .save, label: savingPicture ? tr("Saving…") : tr("Save picture"), rect: full(1),
                   color: savingPicture ? Palette.neutral : Palette.go, key: "S"),
            Button(.continueDrawing, icon: .play, label: tr("Draw more"), rect: full(2), key: "C"),
            Button(.saveLog, icon: .log, label: tr("Save log"), rect: handIn == nil ? full(3) : left(3), key: "L"),
            Button(.watch(drawing.id), icon: .watch, label: tr("Watch"), rect: left(4), key: "W"),
            // While filming, the button shows how far it got (pressing it again does nothing).
            Button(.saveTimelapse, icon: .film, label: film.map { "\(Int(($0 * 100).rounded(.down)))%" } ?? tr("Film"), rect: right(4),
                   color: film == nil ? Palette.button : Palette.neutral, key: "T"),
            Button(.delete, icon: .trash, label: tr("Delete"), rect: left(5), color: Palette.danger, key: "Del"),
            Button(.home, icon: .home, label: tr("Home"), rect: right(5), color: Palette.neutral, key: "H"),
            Button(.undo, icon: .undo, label: tr("Undo"), rect: left(0), color: session.canUndo ? Palette.button : Palette.neutral, key: "Z"),
            Button(.redo, icon: .redo, label: tr("Redo"), rect: right(0), color: session.canRedo ? Palette.button : Palette.neutral, key: "Y"),
        ]
        if let handIn {
            // The child's button: a tray, a clock while it is kept, then the clock or the tick.
            buttons.append(Button(.handIn(drawing.id), icon: handIn.icon, label: tr("Hand in"), rect: right(3), color: handIn.color, key: "I"))
        }
        var elements: [Element] = [
            .box(canvasRect.inset(-6 * l.u), Palette.panel, radius: 8 * l.u),
            .canvas(canvasRect),
        ]
        if let trace { elements.append(TraceOverlay.guide(trace, width: canvas.width, height: canvas.height, place)) }
        // The title's line (its foot at +47) ends above the panels' frames in the players' colours (+51).
        if let score { elements += TraceOverlay.stars(score, over: canvasRect, caption: Point(canvasRect.maxX, canvasRect.maxY + 30 * l.u), l) }
        elements += [
            .text(drawing.title, Point(canvasRect.x, canvasRect.maxY + 30 * l.u), .body, Palette.text, .left),
        ]
        var panel = Rect(x: canvasRect.x, y: canvasRect.maxY + 56 * l.u, w: min(420 * l.u, canvasRect.w), h: 76 * l.u)
        // A panel for each child, side by side; with several, each edged in their colour with their number.
        let n = session.marbles.count
        panel.w = min(420 * l.u, (canvasRect.w - 16 * l.u * Double(n - 1)) / Double(n))
        for (k, m) in session.marbles.enumerated() {
            let r = Rect(x: panel.x + Double(k) * (panel.w + 16 * l.u), y: panel.y, w: panel.w, h: panel.h)
            elements += MovementPanel.elements(m.movement.figures, duration: session.duration, age: age, in: r,
                                               player: n > 1 ? k : nil, l)
        }
        if let handIn {
            // Beside the movement panel, or under it when the picture is narrow.
            let room = canvasRect.maxX - panel.maxX - 16 * l.u
            let box = room >= 330 * l.u ? Rect(x: panel.maxX + 16 * l.u, y: panel.y, w: min(400 * l.u, room), h: panel.h)
                : Rect(x: panel.x, y: panel.maxY + 10 * l.u, w: 360 * l.u, h: panel.h)
            elements += handIn.statusElements(in: box, l)
        }
        if let lastExport, !noticeShown {
            elements.append(.text(tr("Saved: {path}", ["path": lastExport]), Point(canvasRect.x, panel.maxY + 22 * l.u), .small, Palette.dimText, .left))
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    static func key(_ key: Key, id: String, handIn: Bool = false) -> KeyResponse {
        switch key {
        case .i where handIn: .act(.handIn(id))
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
