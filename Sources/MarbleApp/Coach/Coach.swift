import MarbleKit

/// The coach: shows a child who cannot read what to do, and offers a hint when they seem stuck.
///
/// The ghost marble (`Ghost`) rolls along a shipped log on the first launch and from Help; the
/// hints (`Hints`) come after a while without a tilt in a drawing, or with a menu's focus
/// standing still. Nothing here is part of a drawing: the session, its log and its canvas never
/// see it.
struct Coach: Equatable, Sendable {
    /// The ghost showing how, until the child's first tilt.
    var ghost: Ghost?
    /// When to offer a hint, and which.
    var hints = Hints()
    /// Whether the ghost has said its "your turn" line after its first loop.
    var toldTurn = false
}
