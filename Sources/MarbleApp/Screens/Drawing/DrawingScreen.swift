import MarbleKit

/// The drawing: the canvas letterboxed in the window, a shape's guide, the marble, the heading dial, Done.
enum DrawingScreen {
    /// The scene of `session`, as its last sample left it: pen, heading and colour are the
    /// session's own, so the screen shows exactly what the drawing recorded.
    /// With a `trace` shape, its dotted guide lies over the canvas, under the ball.
    /// With two marbles, the help shows each marble's keys, as `drivers` say which device drives which.
    static func scene(_ session: ReadOnlySession, paused: PauseReason?, padConnected: Bool, help: Bool = false,
                      tool: PenTool = PenTool(), secondTool: PenTool = PenTool(), trace: TraceShape? = nil,
                      drivers: (first: InputState.Driver, second: InputState.Driver) = (.keys, .keys), _ l: Layout) -> Scene {
        let place = CanvasPlacement(width: session.canvas.width, height: session.canvas.height, in: l.bounds)
        var elements: [Element] = [.canvas(place.rect)]
        if let trace { elements.append(TraceOverlay.guide(trace, width: session.canvas.width, height: session.canvas.height, place)) }
        elements += [
            place.ball(session),
            .heading(center: Point(44 * l.u, 44 * l.u), radius: 30 * l.u, degrees: session.heading, color: session.color),
        ]
        if !session.penDown {
            elements.append(.icon(.penUp, Rect(x: 84 * l.u, y: 16 * l.u, w: 56 * l.u, h: 56 * l.u), Palette.backdrop))
        }
        if session.marbles.count > 1 {
            let other = session.marbles[1], ball = place.ball(other, session)
            // Marble 2: its ball, and its own dial and pen beside marble 1's (the tools are below).
            elements.insert(ball, at: elements.count - (session.penDown ? 1 : 2))
            elements.append(.heading(center: Point(184 * l.u, 44 * l.u), radius: 30 * l.u, degrees: other.heading, color: other.color))
            if !other.penDown {
                elements.append(.icon(.penUp, Rect(x: 224 * l.u, y: 16 * l.u, w: 56 * l.u, h: 56 * l.u), Palette.backdrop))
            }
        }
        let side = 110 * l.u, gap = 14 * l.u, top = 14 * l.u
        var buttons = [
            Button(.done, icon: .check, label: "Done", rect: Rect(x: l.width - side - gap, y: top, w: side, h: side),
                   color: Palette.go, key: "Enter"),
            Button(.undo, icon: .undo, label: "Undo", rect: Rect(x: l.width - 3 * (side + gap), y: top, w: side, h: side),
                   color: session.canUndo ? Palette.button : Palette.neutral, key: "Z"),
            Button(.redo, icon: .redo, label: "Redo", rect: Rect(x: l.width - 2 * (side + gap), y: top, w: side, h: side),
                   color: session.canRedo ? Palette.button : Palette.neutral, key: "Y"),
            Button(.help, icon: .help, label: "", rect: Rect(x: l.width - 3 * (side + gap) - 78 * l.u, y: top + 23 * l.u, w: 64 * l.u, h: 64 * l.u),
                   color: Palette.neutral),
        ]
        buttons += toolButtons(tool, session.configuration, l)
        if session.marbles.count > 1 { buttons += secondToolButtons(secondTool, session.configuration, l) }
        if help && paused == nil {
            elements += session.marbles.count == 1 ? HelpOverlay.elements(pad: padConnected, l) : HelpOverlay.duetElements(drivers, l)
        }
        var scene = Scene(background: Palette.backdrop, layers: [Layer(elements: elements, buttons: buttons)])
        if let paused { scene.layers.append(pauseLayer(paused, padConnected: padConnected, l)) }
        return scene
    }

    /// While drawing Esc pauses, Enter finishes, Z undoes and Y redoes; paused, Esc goes on,
    /// Z and Y still work and so do the menu keys.
    static func key(_ key: Key, paused: PauseReason?) -> KeyResponse {
        switch key {
        case .z: return .act(.undo)
        case .y: return .act(.redo)
        case .f1: return .act(.help)
        case .x: return .act(.toggleEraser)
        case .one: return .act(.chooseBrush(.thin))
        case .two: return .act(.chooseBrush(.normal))
        case .three: return .act(.chooseBrush(.fat))
        // The second marble's, on the right hand's side of the keyboard.
        case .slash: return .act(.toggleSecondEraser)
        case .eight: return .act(.chooseSecondBrush(.thin))
        case .nine: return .act(.chooseSecondBrush(.normal))
        case .zero: return .act(.chooseSecondBrush(.fat))
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
