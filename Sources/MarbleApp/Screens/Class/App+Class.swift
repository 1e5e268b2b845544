import MarbleKit

/// Settings ▸ Class: scrolling the class gallery's children.
extension App {
    /// Scrolls the children shown; focus goes to the first drawing shown when it moved.
    func scrollClass(rows: Int) {
        if desk.screens.gallery.scroll(rows: rows) { nav.focus(1) }
    }
}
