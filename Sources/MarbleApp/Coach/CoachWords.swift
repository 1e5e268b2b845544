import MarbleKit

/// What the coach says: the ghost's lines and the hints, each through `tr` (in the child's language).
enum CoachWords {
    /// As the ghost starts rolling.
    static var ghostStarts: String { tr("Tilt like this to roll the ball.") }
    /// After the ghost's first loop.
    static var yourTurn: String { tr("Now you try: tilt to roll your ball.") }

    /// The drawing's hints, in the turn they are given: one thing to try each.
    static var drawing: [String] {
        [tr("Tilt to roll the ball."),
         tr("Turn to change the colour."),
         tr("Lift the pen to move without painting."),
         tr("Try the eraser to rub paint out."),
         tr("Try a fatter brush."),
         tr("Press Done when your drawing is finished.")]
    }

    /// The button a child on `screen` most likely wants next, and what the voice says of it;
    /// nil for a screen without one.
    static func likely(on screen: Screen) -> (action: Action, says: String)? {
        switch screen {
        case .home: (.newDrawing, tr("Press New to start a drawing."))
        case .setup: (.start, tr("Press Start to begin drawing."))
        case .end: (.home, tr("Press Home to go back and draw again."))
        default: nil
        }
    }
}
