import MarbleKit

/// What the voice said last about the screen, and what is new to say now.
///
/// The app keeps one (`App.guide.narrator`) and changes it only in `App.narrate()`, once a frame
/// after the update: a screen entered greets, an overlay laid over it (the delete question,
/// the pause, the help) greets, and a button taking the focus says its name. Nothing is said
/// twice while nothing changes, so a child who stops listening hears silence.
struct Narrator: Equatable, Sendable {
    /// What shows: the screen, and what lies over it.
    struct View: Equatable, Sendable {
        var screen: Screen
        var overlay: Overlay
    }

    /// What lies over the screen and takes the focus, if anything.
    enum Overlay: Equatable, Sendable {
        case none
        /// The delete question.
        case question
        /// The drawing's pause shade, and why it paused.
        case paused(PauseReason)
        /// The drawing's help.
        case help
    }

    /// The focused button, as far as its name goes: what it does, and whether it is chosen
    /// (choosing the focused option says its name again, now chosen).
    struct Focus: Equatable, Sendable {
        var action: Action
        var selected: Bool?
    }

    /// What is new since the last look, said in this order.
    struct News: Equatable, Sendable {
        /// A screen was entered: its greeting.
        var screen = false
        /// An overlay was laid over it: its greeting.
        var overlay = false
        /// The focused button changed (or came with the screen): its name, after any greeting.
        var name = false

        /// Whether a greeting is said (the name then waits its turn behind it).
        var greets: Bool { screen || overlay }
    }

    /// The state the last look was made in: while it stands, nothing new can show, and the
    /// scene (which the focused button needs) is not built again.
    struct Seen: Equatable, Sendable {
        var nav: Navigation
        var settings: Settings
        var view: View
        var live: Bool
    }

    /// The state at the last look (nil before the first).
    private(set) var seen: Seen?
    /// What showed at the last look (nil before the first).
    private(set) var view: View?
    /// The focused button at the last look (nil when none had the focus).
    private(set) var focus: Focus?

    /// Whether the state differs from the last look's (then remembered): a frame that changed
    /// nothing a button's name or a greeting hangs on is not looked at.
    mutating func stateChanged(_ now: Seen) -> Bool {
        guard now != seen else { return false }
        seen = now
        return true
    }

    /// Looks at what shows now and remembers it: what is new to say.
    ///
    /// An overlay put away (the help gone at the first tilt, a pause ended) goes back to the
    /// screen without greeting it again; only a focus that moved is named then.
    mutating func look(at now: View, focus: Focus?) -> News {
        var news = News()
        news.screen = now.screen != view?.screen
        news.overlay = now.overlay != .none && now.overlay != view?.overlay
        // The help greets only when called up over a bare drawing (F1, ?): a new drawing
        // opens under it (and its greeting says the same), and it shows again as a pause ends.
        if now.overlay == .help && (news.screen || view?.overlay != Overlay.none) { news.overlay = false }
        news.name = focus != nil && (news.greets || focus != self.focus)
        view = now
        self.focus = focus
        return news
    }
}
