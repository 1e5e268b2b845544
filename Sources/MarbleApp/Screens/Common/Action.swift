import MarbleKit

/// Every choice a screen offers.
public enum Action: Hashable, Sendable {
    case newDrawing, continueLast, gallery, quit
    case chooseMode(PhysicsMode), chooseDifficulty(Difficulty), start, back
    /// Setup: one marble or two.
    case chooseMarbles(Int)
    /// A shape to trace, or none (free drawing); the next choice in turn (T).
    case chooseTrace(TraceShape?), nextTrace
    case done, pause, resume
    case savePicture, saveLog, continueDrawing, delete, home
    case open(String), deleteDrawing(String)
    case confirmYes, confirmNo
    /// Takes back the last stroke (or clear), or brings back the last taken back.
    case undo, redo
    /// The settings screen, and its choices.
    case settings, chooseSpeed(Speed), toggleInvertY, toggleLeftHanded, toggleSound, toggleBigButtons
    /// Shows or hides the drawing's help.
    case help
    /// The eraser on or off, and the brush's width.
    case toggleEraser, chooseBrush(PenTool.Brush)
    /// The second marble's eraser and widths, in a drawing of two.
    case toggleSecondEraser, chooseSecondBrush(PenTool.Brush)
    /// Plays a drawing's history from a blank canvas (the Watch screen), and that screen's
    /// controls: pause or play, speed up (+1) or down (−1), seek on (+1) or back (−1) by 5%.
    case watch(String), watchPause, watchSpeed(Int), watchSeek(Int)
    /// Writes the drawing's time-lapse (an animated WebP) beside the picture.
    case saveTimelapse
    /// The phone-or-handheld screen, and its choices: keep the address typed, calibrate (and
    /// each press of its two steps), forget the phone; whose phone it sets (marble 2's, or 1's).
    case phone, keepPhoneAddress, calibratePhone, calibrationPress, forgetPhone, eraseTyped, choosePhoneMarble(second: Bool)
}
