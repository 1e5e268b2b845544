import MarbleKit

extension App {
    func drawingScene(_ l: Layout) -> Scene {
        guard let d = drawing else { return Scene() }
        let session = d.session
        let canvasRect = l.bounds.fitting(width: Double(session.canvas.width), height: Double(session.canvas.height))
        let s = canvasRect.w / Double(session.canvas.width)
        let ball = session.ball.position
        let penDown = isDrawingLive ? !(controls.keys.penUp || (controls.pad?.south ?? false)) : session.penDown
        let heading = isDrawingLive ? controls.heading : session.heading
        let color = HeadingColor.color(heading: heading)
        var elements: [Element] = [
            .canvas(canvasRect),
            .ball(center: Point(canvasRect.x + ball.x * s, canvasRect.y + ball.y * s),
                  radius: max(3, session.configuration.parameters.ballRadius * s), color: color, penDown: penDown),
            .heading(center: Point(44 * l.u, 44 * l.u), radius: 30 * l.u, degrees: heading, color: color),
        ]
        if !penDown { elements.append(.icon(.penUp, Rect(x: 84 * l.u, y: 16 * l.u, w: 56 * l.u, h: 56 * l.u), Palette.backdrop)) }
        let done = Button(.done, icon: .check, label: "Done", rect: Rect(x: l.width - 124 * l.u, y: 14 * l.u, w: 110 * l.u, h: 110 * l.u),
                          color: Palette.go, key: "Enter")
        var scene = Scene(background: Palette.backdrop, layers: [Layer(elements: elements, buttons: [done])])
        if let paused { scene.layers.append(pauseLayer(l, paused)) }
        return scene
    }

    func pauseLayer(_ l: Layout, _ why: Pause) -> Layer {
        let message: String
        switch why {
        case .user, .hidden: message = "Paused"
        case .padRemoved: message = padName == nil ? "The pad was unplugged" : "Pad found"
        }
        let hint = why == .padRemoved && padName == nil
            ? "Plug it back in, or press Enter to go on with the keyboard."
            : "Press Enter or A to go on."
        let rects = l.row(count: 3, side: 190, gap: 36, centerY: 470)
        return Layer(elements: [
            .box(l.bounds, Palette.shade, radius: 0),
            .icon(why == .padRemoved ? .gamepad : .pause, l.rect(590, 120, 100, 100), Palette.text),
            .text(message, l.point(640, 280), .title, Palette.text, .center),
            .text(hint, l.point(640, 330), .small, Palette.dimText, .center),
        ], buttons: [
            Button(.resume, icon: .play, label: "Go on", rect: rects[0], color: Palette.go, key: "Esc"),
            Button(.done, icon: .check, label: "Done", rect: rects[1]),
            Button(.home, icon: .home, label: "Home", rect: rects[2], color: Palette.neutral),
        ])
    }
}
