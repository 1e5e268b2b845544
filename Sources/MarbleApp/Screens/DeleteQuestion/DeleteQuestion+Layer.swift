extension DeleteQuestion {
    /// The question over the screen: the drawing's picture and title, Keep it and Delete.
    ///
    /// "Keep it" is button 0 and takes focus first: a stray press never deletes.
    func layer(_ l: Layout) -> Layer {
        let panel = l.rect(290, 160, 700, 460)
        let buttons = [
            Button(.confirmNo, icon: .cross, label: tr("Keep it"), rect: l.rect(350, 385, 260, 190), color: Palette.neutral, key: "Esc"),
            Button(.confirmYes, icon: .trash, label: tr("Delete"), rect: l.rect(670, 385, 260, 190), color: Palette.danger, key: "Y"),
        ]
        return Layer(elements: [
            .box(l.bounds, Palette.shade, radius: 0),
            .box(panel, Palette.panel, radius: 24 * l.u),
            // The drawing itself, when its thumbnail is there; the platform skips a missing picture.
            .icon(.trash, l.rect(455, 190, 70, 70), Palette.danger),
            .picture(path: picture ?? "", l.rect(545, 176, 190, 100)),
            .text(tr("Delete this drawing?"), l.point(640, 305), .title, Palette.text, .center),
            .text(title, l.point(640, 348), .small, Palette.dimText, .center),
        ], buttons: buttons)
    }

    /// Y deletes; N, Esc and Backspace keep; arrows and Enter work on its two buttons.
    static func key(_ key: Key) -> KeyResponse {
        switch key {
        case .y: .act(.confirmYes)
        case .n, .escape, .backspace: .act(.confirmNo)
        default: .navigate
        }
    }
}
