/// A line for the user that fades after a while (where a picture was saved, what failed).
struct Notice: Equatable, Sendable {
    var text: String
    /// The app time after which it is gone.
    var until: Double

    /// The notice's box along the bottom of the window.
    func elements(_ l: Layout) -> [Element] {
        let box = Rect(x: l.width * 0.1, y: l.height - 74 * l.u, w: l.width * 0.8, h: 54 * l.u)
        return [.box(box, Palette.shade, radius: 12 * l.u),
                .text(text, box.center, .small, Palette.text, .center)]
    }
}
