/// The big heading at the top of a menu screen.
enum Titles {
    static func title(_ l: Layout, _ text: String) -> Element {
        .text(text, l.point(640, 70), .title, Palette.text, .center)
    }
}
