/// A delete waiting for "yes": which drawing, and where focus goes back to on "no".
public struct DeleteQuestion: Equatable, Sendable {
    /// Clicks on the question are ignored this long after it appears: its buttons can lie
    /// under the bin just clicked, and a double-click must not answer it.
    static let clickDelay = 0.5

    public var id: String
    public var title: String
    /// Its thumbnail, so the question shows which drawing goes.
    public var picture: String?
    /// The focus to go back to when the answer is no.
    var returnFocus: Int
    /// When the question appeared, in app time.
    var askedAt: Double

    /// Whether a click at `now` may answer it.
    func takesClicks(at now: Double) -> Bool { now - askedAt >= Self.clickDelay }
}
