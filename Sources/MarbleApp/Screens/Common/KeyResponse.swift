/// What a key does on a screen: a screen's key map answers with one of these.
enum KeyResponse: Equatable, Sendable {
    /// The key stands for this action (its button's key hint).
    case act(Action)
    /// The key moves focus or chooses (arrows, Enter, Space, Esc), as on every menu.
    case navigate
    /// The key does nothing here.
    case ignore
}
