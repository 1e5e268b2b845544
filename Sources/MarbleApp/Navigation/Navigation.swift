import MarbleKit

/// The screens of the app.
public enum Screen: Equatable, Sendable {
    case home, setup, drawing, end, gallery, settings
    /// A drawing's history playing from a blank canvas.
    case watch
}

/// Where the player is: the screen, the focused button, the question asked, and each menu
/// screen's own state (the setup's choice, the gallery's page, Home's latest drawing).
///
/// A value with no I/O: the app fills in what the store says (`latest`, the gallery's
/// entries) and the scenes read it.
public struct Navigation: Equatable, Sendable {
    /// The screen showing.
    public internal(set) var screen: Screen = .home
    /// The focused button of the top layer (clamped to the buttons shown when read).
    public internal(set) var focus = 0
    public internal(set) var setup = SetupChoice()
    public internal(set) var gallery = GalleryPage()
    /// A delete waiting for an answer, shown over the screen.
    public internal(set) var question: DeleteQuestion?
    /// The latest drawing, for Home's Continue button (nil when the store is empty).
    public internal(set) var latest: DrawingSummary?
    /// Whether the drawing's help shows over it.
    public internal(set) var help = false
    /// When the screen showing was shown, on the app's clock (the End screen's meter fills from it).
    public internal(set) var shownAt = 0.0
    // The button a pointer went down on: a click is a press and release on the same one.
    var pointerPressed: Int?

    /// Shows `screen` with focus on its first button and no question.
    mutating func go(to screen: Screen, at now: Double = 0) {
        if screen != self.screen {
            help = false
            shownAt = now
        }
        self.screen = screen
        focus = 0
        question = nil
        pointerPressed = nil
    }

    /// Asks whether to delete a drawing; "Keep it" takes focus.
    mutating func ask(id: String, title: String, picture: String?, now: Double) {
        question = DeleteQuestion(id: id, title: title, picture: picture, returnFocus: focus, askedAt: now)
        focus = 0
    }

    /// Puts the question away and gives focus back to where it was.
    mutating func dismissQuestion() {
        guard let q = question else { return }
        question = nil
        focus = q.returnFocus
    }

    /// Moves focus to button `index` of the scene showing.
    mutating func focus(_ index: Int) { focus = index }

    /// The gallery with these drawings, focus on its first tile.
    mutating func showGallery(_ entries: [DrawingSummary], keepingScroll: Bool) {
        gallery.show(entries, keepingScroll: keepingScroll)
        focus = gallery.firstTile
    }

    /// Scrolls the gallery; focus goes to the first tile shown when it moved.
    mutating func scrollGallery(rows: Int) {
        if gallery.scroll(rows: rows) { focus = gallery.firstTile }
    }
}
