import MarbleKit

/// The drawing: the canvas letterboxed in the window, the marble, the heading dial, Done.
enum DrawingScreen {
    /// The scene of `session`, as its last sample left it: pen, heading and colour are the
    /// session's own, so the screen shows exactly what the drawing recorded.
    static func scene(_ session: ReadOnlySession, paused: PauseReason?, padConnected: Bool, _ l: Layout) -> Scene {
        let place = CanvasPlacement(width: session.canvas.width, height: session.canvas.height, in: l.bounds)
        var elements: [Element] = [
            .canvas(place.rect),
            place.ball(session),
            .heading(center: Point(44 * l.u, 44 * l.u), radius: 30 * l.u, degrees: session.heading, color: session.color),
        ]
        if !session.penDown {
            elements.append(.icon(.penUp, Rect(x: 84 * l.u, y: 16 * l.u, w: 56 * l.u, h: 56 * l.u), Palette.backdrop))
        }
        let done = Button(.done, icon: .check, label: "Done", rect: Rect(x: l.width - 124 * l.u, y: 14 * l.u, w: 110 * l.u, h: 110 * l.u),
                          color: Palette.go, key: "Enter")
        var scene = Scene(background: Palette.backdrop, layers: [Layer(elements: elements, buttons: [done])])
        if let paused { scene.layers.append(pauseLayer(paused, padConnected: padConnected, l)) }
        return scene
    }

    /// While drawing Esc pauses and Enter finishes; paused, Esc goes on and the menu keys work.
    static func key(_ key: Key, paused: PauseReason?) -> KeyResponse {
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
