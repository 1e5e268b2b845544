extension DrawingScreen {
    /// The shade over a paused drawing: why it stopped, and Go on, Done, Home.
    static func pauseLayer(_ why: PauseReason, padConnected: Bool, _ l: Layout) -> Layer {
        let message: String
        switch why {
        case .user, .hidden: message = tr("Paused")
        case .padRemoved: message = padConnected ? tr("Pad found") : tr("The pad was unplugged")
        }
        let hint = why == .padRemoved && !padConnected
            ? tr("Plug it back in, or press Enter to go on with the keyboard.")
            : tr("Press Enter or A to go on.")
        let rects = l.row(count: 3, side: 190, gap: 36, centerY: 470)
        return Layer(elements: [
            .box(l.bounds, Palette.shade, radius: 0),
            .icon(why == .padRemoved ? .gamepad : .pause, l.rect(590, 120, 100, 100), Palette.text),
            .text(message, l.point(640, 280), .title, Palette.text, .center),
            .text(hint, l.point(640, 330), .small, Palette.dimText, .center),
        ], buttons: [
            Button(.resume, icon: .play, label: tr("Go on"), rect: rects[0], color: Palette.go, key: "Esc"),
            Button(.done, icon: .check, label: tr("Done"), rect: rects[1]),
            Button(.home, icon: .home, label: tr("Home"), rect: rects[2], color: Palette.neutral),
        ])
    }
}
