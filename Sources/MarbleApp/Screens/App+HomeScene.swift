import MarbleKit

extension App {
    func homeScene(_ l: Layout) -> Scene {
        var buttons = [Button(.newDrawing, icon: .plus, label: "New", rect: .init(x: 0, y: 0, w: 0, h: 0), color: Palette.go, key: "N")]
        if let latest {
            buttons.append(Button(.continueLast, icon: .play, label: "Continue", rect: .init(x: 0, y: 0, w: 0, h: 0),
                                  key: "C", picture: latest.thumbnailPath))
        }
        buttons.append(Button(.gallery, icon: .gallery, label: "Gallery", rect: .init(x: 0, y: 0, w: 0, h: 0), key: "G"))
        buttons.append(Button(.quit, icon: .quit, label: "Quit", rect: .init(x: 0, y: 0, w: 0, h: 0), color: Palette.neutral, key: "Ctrl+Q"))
        let rects = l.row(count: buttons.count, side: 250, gap: 36, centerY: 440)
        for i in buttons.indices { buttons[i].rect = rects[i] }
        let elements: [Element] = [
            .ball(center: l.point(640, 150), radius: 46 * l.u, color: HeadingColor.color(heading: 200), penDown: true),
            .text("Marble", l.point(640, 250), .huge, Palette.text, .center),
        ]
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    func setupScene(_ l: Layout) -> Scene {
        let modes = l.row(count: 2, side: 190, gap: 40, centerY: 230, aspect: 1.35)
        let levels = l.row(count: 3, side: 150, gap: 30, centerY: 440, aspect: 1.2)
        let buttons = [
            Button(.start, icon: .play, label: "Start", rect: l.rect(940, 600, 260, 150), color: Palette.go, key: "Enter"),
            Button(.chooseMode(.real), icon: .realBall, label: "Real ball", rect: modes[0], selected: setupMode == .real, key: "R"),
            Button(.chooseMode(.fake), icon: .easyBall, label: "Easy ball", rect: modes[1], selected: setupMode == .fake, key: "F"),
            Button(.chooseDifficulty(.easy), icon: .level(1), label: "Easy", rect: levels[0], selected: setupDifficulty == .easy, key: "1"),
            Button(.chooseDifficulty(.normal), icon: .level(2), label: "Normal", rect: levels[1], selected: setupDifficulty == .normal, key: "2"),
            Button(.chooseDifficulty(.hard), icon: .level(3), label: "Hard", rect: levels[2], selected: setupDifficulty == .hard, key: "3"),
            Button(.back, icon: .back, label: "Back", rect: l.rect(80, 600, 200, 150), color: Palette.neutral, key: "Esc"),
        ]
        let device: (Icon, String)
        if let padName {
            device = (.gamepad, padHasMotion ? "\(padName): tilt the pad" : "\(padName): left stick tilts")
        } else {
            device = (.keyboard, "Keyboard: arrows tilt · Q/E colour · Space lifts the pen")
        }
        let elements: [Element] = [
            title(l, "New drawing"),
            .icon(device.0, l.rect(330, 537, 56, 56), Palette.dimText),
            .text(device.1, l.point(400, 565), .small, Palette.dimText, .left),
        ]
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// Where Start sits in the setup screen's buttons: it has focus first, so Enter starts.
    var setupStartIndex: Int { 0 }
}
