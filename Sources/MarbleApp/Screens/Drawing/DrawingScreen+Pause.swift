extension DrawingScreen {
    /// The shade over a paused drawing: why it stopped, and Go on, Done, Home.
    static func pauseLayer(_ why: PauseReason, padConnected: Bool, _ l: Layout) -> Layer {
        let message: String
        switch why {
        case .user, .hidden: message = "Paused"
        case .padRemoved: message = padConnected ? "Pad found" : "The pad was unplugged"
        }
        let hint = why == .padRemoved && !padConnected
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
