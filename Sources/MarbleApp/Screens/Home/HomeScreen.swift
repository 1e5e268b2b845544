import MarbleKit

/// Home: New, Continue with the latest drawing's picture, Gallery, Quit.
enum HomeScreen {
    /// The scene: the marble and the name over a row of big buttons.
    static func scene(latest: DrawingSummary?, _ l: Layout) -> Scene {
        let zero = Rect(x: 0, y: 0, w: 0, h: 0)
        var buttons = [Button(.newDrawing, icon: .plus, label: tr("New"), rect: zero, color: Palette.go, key: "N")]
        if let latest {
            buttons.append(Button(.continueLast, icon: .play, label: tr("Continue"), rect: zero, key: "C", picture: latest.thumbnailPath))
        }
        buttons.append(Button(.gallery, icon: .gallery, label: tr("Gallery"), rect: zero, key: "G"))
        buttons.append(Button(.quit, icon: .quit, label: tr("Quit"), rect: zero, color: Palette.neutral, key: "Ctrl+Q"))
        let rects = l.row(count: buttons.count, side: 250, gap: 36, centerY: 440)
        for i in buttons.indices { buttons[i].rect = rects[i] }
        // Last, so that New keeps the first focus.
        buttons.append(Button(.settings, icon: .gear, label: tr("Settings"), rect: l.rect(1110, 24, 150, 110), color: Palette.neutral, key: "S"))
        let elements: [Element] = [
            .ball(center: l.point(640, 150), radius: 46 * l.u, color: HeadingColor.color(heading: 200), penDown: true),
            .text(tr("Marble"), l.point(640, 250), .huge, Palette.text, .center),
        ]
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// The keys on its buttons: N, C (when there is a drawing to continue), G.
    static func key(_ key: Key, latest: DrawingSummary?) -> KeyResponse {
        switch key {
        case .n: .act(.newDrawing)
        case .c: latest == nil ? .ignore : .act(.continueLast)
        case .g: .act(.gallery)
        case .s: .act(.settings)
        default: .navigate
        }
    }
}
