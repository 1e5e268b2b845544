import MarbleKit

/// The drawing: the canvas letterboxed between the players' edges, a shape's guide, every
/// marble, each player's dial and tools, Undo, Redo, Done.
///
/// With several players nothing lies over the canvas while drawing: the dials and the buttons
/// take a bar along the top, player 1's (and 3's) tools the left edge and player 2's (and 4's)
/// the right. A child alone has the whole window's canvas under their dial and tools, as always.
enum DrawingScreen {
    /// The scene of `session`, as its last samples left it: each marble's pen, heading and
    /// colour are the session's own, so the screen shows exactly what the drawing recorded.
    /// With a `trace` shape, its dotted guide lies over the canvas, under the balls. `seats` (read
    /// only for the help) and `tools` are the players', one a marble.
    static func scene(_ session: ReadOnlySession, paused: PauseReason?, padConnected: Bool, help: Bool = false,
                      seats: [SeatView] = [], tools: [PenTool] = [], trace: TraceShape? = nil, _ l: Layout) -> Scene {
        let n = session.marbles.count
        let place = CanvasPlacement(width: session.canvas.width, height: session.canvas.height, in: canvasArea(players: n, l))
        var elements: [Element] = [.canvas(place.rect)]
        if let trace { elements.append(TraceOverlay.guide(trace, width: session.canvas.width, height: session.canvas.height, place)) }
        // The balls, marble 1 on top; with several, each ringed in its player's colour.
        for k in session.marbles.indices.reversed() {
            elements += place.balls(session, marble: k, tagged: n > 1)
        }
        for (k, m) in session.marbles.enumerated() {
            let x = (44 + 140 * Double(k)) * l.u, center = Point(x, 44 * l.u)
            if n > 1 { elements.append(.ring(center: center, radius: 37 * l.u, width: 6 * l.u, color: PlayerColors.color(of: k))) }
            elements.append(.heading(center: center, radius: 30 * l.u, degrees: m.heading, color: m.color))
            if !m.penDown { elements.append(.icon(.penUp, Rect(x: x + 40 * l.u, y: 16 * l.u, w: 56 * l.u, h: 56 * l.u), Palette.backdrop)) }
        }
        let side = 110 * l.u, gap = 14 * l.u, top = 14 * l.u
        var buttons = [
            Button(.done, icon: .check, label: tr("Done"), rect: Rect(x: l.width - side - gap, y: top, w: side, h: side),
                   color: Palette.go, key: "Enter"),
            Button(.undo, icon: .undo, label: tr("Undo"), rect: Rect(x: l.width - 3 * (side + gap), y: top, w: side, h: side),
                   color: session.canUndo ? Palette.button : Palette.neutral, key: "Z"),
            Button(.redo, icon: .redo, label: tr("Redo"), rect: Rect(x: l.width - 2 * (side + gap), y: top, w: side, h: side),
                   color: session.canRedo ? Palette.button : Palette.neutral, key: "Y"),
            Button(.help, icon: .help, label: "", rect: Rect(x: l.width - 3 * (side + gap) - 78 * l.u, y: top + 23 * l.u, w: 64 * l.u, h: 64 * l.u),
                   color: Palette.neutral),
        ]
        for k in 0..<n {
            let (b, e) = toolColumn(player: k, of: n, k < tools.count ? tools[k] : PenTool(), session.configuration, l)
            buttons += b
            elements += e
        }
        if help && paused == nil {
            elements += n == 1 ? HelpOverlay.elements(pad: padConnected, l) : HelpOverlay.playerElements(Array(seats.prefix(n)), l)
        }
        var scene = Scene(background: Palette.backdrop, layers: [Layer(elements: elements, buttons: buttons)])
        if let paused { scene.layers.append(pauseLayer(paused, padConnected: padConnected, l)) }
        return scene
    }

    /// Where the canvas is letterboxed: the whole window for a child alone; with several,
    /// below the top bar and between the tool columns (`SetupChoice.playersCanvas` fits it).
    static func canvasArea(players n: Int, _ l: Layout) -> Rect {
        guard n > 1 else { return l.bounds }
        let side = 110 * l.u, top = 124 * l.u
        return Rect(x: side, y: top, w: max(l.width - 2 * side, 1), h: max(l.height - top, 1))
    }

    /// While drawing Esc pauses, Enter finishes, Z undoes and Y redoes; paused, Esc goes on,
    /// Z and Y still work and so do the menu keys. The tool keys are the keyboard halves'
    /// (`Hand.keys`, `App.toolAction`), read before these.
    static func key(_ key: Key, paused: PauseReason?) -> KeyResponse {
        switch key {
        case .z: return .act(.undo)
        case .y: return .act(.redo)
        case .f1: return .act(.help)
        default: break
        }
        if paused == nil {
            switch key {
            case .escape: return .act(.pause)
            case .enter: return .act(.done)
            default: return .ignore
            }
        }
        return key == .escape ? .act(.resume) : .navigate
    }
}
