import MarbleKit

extension App {
    /// The frame to show in a window of this size. Clicks and focus moves that follow refer
    /// to its buttons.
    public func scene(width: Double, height: Double) -> Scene {
        let l = Layout(width: width, height: height)
        var scene: Scene
        switch screen {
        case .home: scene = homeScene(l)
        case .setup: scene = setupScene(l)
        case .drawing: scene = drawingScene(l)
        case .end: scene = endScene(l)
        case .gallery: scene = galleryScene(l)
        }
        if let p = pendingDelete { scene.layers.append(confirmLayer(l, p)) }
        if let notice { scene.layers[scene.layers.count - 1].elements += noticeElements(l, notice) }
        lastButtons = scene.buttons
        if focus >= lastButtons.count { focus = max(0, lastButtons.count - 1) }
        // A live drawing has one button (Done) and nothing to move focus between.
        scene.focus = lastButtons.isEmpty || isDrawingLive ? nil : focus
        return scene
    }

    func noticeElements(_ l: Layout, _ text: String) -> [Element] {
        let box = Rect(x: l.width * 0.1, y: l.height - 74 * l.u, w: l.width * 0.8, h: 54 * l.u)
        return [.box(box, Palette.shade, radius: 12 * l.u),
                .text(text, box.center, .small, Palette.text, .center)]
    }

    func confirmLayer(_ l: Layout, _ p: PendingDelete) -> Layer {
        let panel = l.rect(290, 160, 700, 460)
        let buttons = [
            Button(.confirmNo, icon: .cross, label: "Keep it", rect: l.rect(350, 385, 260, 190), color: Palette.neutral, key: "Esc"),
            Button(.confirmYes, icon: .trash, label: "Delete", rect: l.rect(670, 385, 260, 190), color: Palette.danger, key: "Y"),
        ]
        return Layer(elements: [
            .box(l.bounds, Palette.shade, radius: 0),
            .box(panel, Palette.panel, radius: 24 * l.u),
            // The drawing itself, when its thumbnail is there; the platform skips a missing picture.
            .icon(.trash, l.rect(455, 190, 70, 70), Palette.danger),
            .picture(path: p.picture ?? "", l.rect(545, 176, 190, 100)),
            .text("Delete this drawing?", l.point(640, 305), .title, Palette.text, .center),
            .text(p.title, l.point(640, 348), .small, Palette.dimText, .center),
        ], buttons: buttons)
    }

    func title(_ l: Layout, _ text: String) -> Element {
        .text(text, l.point(640, 70), .title, Palette.text, .center)
    }
}
