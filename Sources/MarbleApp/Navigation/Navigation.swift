import MarbleKit

/// The screens of the app.
public enum Screen: Equatable, Sendable {
    case home, setup, drawing, end, gallery, settings
    /// A drawing's history playing from a blank canvas.
    case watch
    /// The phone or handheld sending motion: its address, state and calibration.
    case phone
    /// Setup ▸ Picture: what a new drawing is painted over.
    case pictures
    /// Hand in: the child taps their own name (when the class folder has names).
    case handIn
    /// Gallery ▸ Open a code: a drawing handed in, fetched by its code.
    case openCode
    /// The grown-up gate before Settings ▸ Class: a number named in words, held for three seconds.
    case gate
    /// Settings ▸ Class: the class folder, its names, and the class gallery (the teacher's).
    case classroom
    /// Settings ▸ Class ▸ Set up: the class folder's address, user, password and names typed.
    case classSetup
}

/// Where the player is: the screen, the focused button, the question asked, and each menu
/// screen's own state (the setup's choice, the gallery's page, Home's latest drawing).
///
/// A value with no I/O: the app fills in what the store says (`latest`, the gallery's
/// entries) and the scenes read it.
public struct Navigation: Equatable, Sendable {
    /// The screen showing.
    public private(set) var screen: Screen = .home
    /// The focused button of the top layer (clamped to the buttons shown when read).
    public private(set) var focus = 0
    public private(set) var setup = SetupChoice()
    public private(set) var gallery = GalleryPage()
    /// The photos and the colouring pages Setup ▸ Picture offers, as listed when it was shown.
    public private(set) var pictures = PictureChoices()
    /// A delete waiting for an answer, shown over the screen.
    public private(set) var question: DeleteQuestion?
    /// The latest drawing, for Home's Continue button (nil when the store is empty).
    public private(set) var latest: DrawingSummary?
    /// Whether the drawing's help shows over it.
    public private(set) var help = false
    /// When the screen showing was shown, on the app's clock (the End screen's meter fills from it).
    public private(set) var shownAt = 0.0
    /// The line told to the children over the screen, until its time is up.
    private(set) var notice: Notice?
    /// The window's layout, for hitting the buttons of the scene showing.
    public private(set) var layout = Layout(width: 1280, height: 800)
    // The button a pointer went down on: a click is a press and release on the same one.
    private var pointerPressed: Int?

    /// The window's drawable size changed.
    mutating func resize(_ l: Layout) { layout = l }

    /// Tells `text` over the screen until app time `until`.
    mutating func say(_ text: String, until: Double) { notice = Notice(text: text, until: until) }

    /// The notice is gone once its time is up.
    mutating func expireNotice(now: Double) { if let n = notice, now > n.until { notice = nil } }

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

    /// The photos and the colouring pages to offer.
    mutating func showShelf(_ items: [PictureShelf.Item], pages: [PictureShelf.Item] = []) {
        pictures = PictureChoices(pages: pages, photos: items)
    }

    /// Scrolls the gallery; focus goes to the first tile shown when it moved.
    mutating func scrollGallery(rows: Int) {
        if gallery.scroll(rows: rows) { focus = gallery.firstTile }
    }

    // MARK: - Each part's own changes

    /// The latest drawing changed (Home's Continue button).
    mutating func setLatest(_ summary: DrawingSummary?) { latest = summary }

    /// Shows or hides the drawing's help.
    mutating func setHelp(_ on: Bool) { help = on }

    /// F1 or the ? button.
    mutating func toggleHelp() { help.toggle() }

    /// The setup's choice, changed by `edit` (a choice on Setup, or the command line's).
    mutating func changeSetup(_ edit: (inout SetupChoice) -> Void) { edit(&setup) }

    /// A pointer went down on button `index`: it takes the focus.
    mutating func press(_ index: Int) {
        focus = index
        pointerPressed = index
    }

    /// The pointer came up: the button it went down on, if any (a click is both on one).
    mutating func release() -> Int? {
        defer { pointerPressed = nil }
        return pointerPressed
    }
}
