import MarbleKit

/// The class screens' own state: the drawing waiting for a child's name, the code being typed
/// on Gallery ▸ Open a code, and the class gallery as listed when the Class screen opened.
struct ClassScreens: Equatable, Sendable {
    /// The drawing to hand in once a name is chosen, and the screen to go back to.
    var choosing: Choosing?
    var code = CodeEntry()
    var gallery = ClassGalleryPage()
    /// Settings ▸ Class ▸ Set up: what is typed, and why the last check failed.
    var form = ClassSetupForm()

    /// A hand-in waiting for the child's name.
    struct Choosing: Equatable, Sendable {
        var drawing: String
        var returnTo: Screen
    }
}

/// The code typed on Gallery ▸ Open a code, and how its fetch went.
struct CodeEntry: Equatable, Sendable {
    /// The letters typed, upper case, at most six (spaces and dashes dropped).
    private(set) var typed = ""
    /// Whether the drawing is being fetched.
    var fetching = false
    /// Why the last fetch failed, as a picture (nil: it has not, or none was tried).
    var failed: Failure?

    /// Why a code opened nothing.
    enum Failure: Equatable, Sendable {
        /// No drawing has this code in the class folder.
        case noSuchCode
        /// The class folder did not answer or let us in.
        case folder(HandInStatus.Reason)
    }

    /// Typed text: the code's letters and digits, upper case, up to six.
    mutating func type(_ text: String) {
        for c in text.uppercased() where c.isASCII && (c.isLetter || c.isNumber) {
            guard typed.count < DrawingCode.length else { break }
            typed.append(c)
            failed = nil
        }
    }

    mutating func backspace() {
        if !typed.isEmpty { typed.removeLast() }
        failed = nil
    }

    /// A fresh field (the screen opened).
    mutating func clear() { self = CodeEntry() }

    /// The code typed, when it is one.
    var code: DrawingCode? { DrawingCode(typed) }
}
