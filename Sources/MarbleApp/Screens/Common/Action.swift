import MarbleKit

/// Every choice a screen offers.
public enum Action: Hashable, Sendable {
    case newDrawing, continueLast, gallery, quit
    case chooseMode(PhysicsMode), chooseDifficulty(Difficulty), start, back
    /// Setup: how many marbles (1 to 4), and the next count in turn (P).
    case chooseMarbles(Int), nextMarbles
    /// A shape to trace, or none (free drawing); the next choice in turn (T).
    case chooseTrace(TraceShape?), nextTrace
    case done, pause, resume
    case savePicture, saveLog, continueDrawing, delete, home
    case open(String), deleteDrawing(String)
    case confirmYes, confirmNo
    /// Takes back the last stroke (or clear), or brings back the last taken back.
    case undo, redo
    /// The settings screen, and its choices.
    case settings, chooseSpeed(Speed), toggleInvertY, toggleLeftHanded, toggleSound, toggleVoice, toggleBigButtons
    /// Shows or hides the drawing's help.
    case help
    /// A player's eraser on or off, and their brush's width (`player`: 0-based).
    case toggleEraser(player: Int), chooseBrush(PenTool.Brush, player: Int)
    /// Setup ▸ Picture, and what the next drawing is painted over (a shelf picture's path; nil: the empty board).
    case pictures, choosePicture(String?)
    /// A player's paint one step more see-through (100 %, 60 %, 30 %, and round again).
    case nextOpacity(player: Int)
    /// Plays a drawing's history from a blank canvas (the Watch screen), and that screen's
    /// controls: pause or play, speed up (+1) or down (−1), seek on (+1) or back (−1) by 5%.
    case watch(String), watchPause, watchSpeed(Int), watchSeek(Int)
    /// Writes the drawing's time-lapse (an animated WebP) beside the picture.
    case saveTimelapse
    /// The phone-or-handheld screen, and its choices: keep the address typed, calibrate (and
    /// each press of its two steps), forget the phone; which of the phones it sets (0-based).
    case phone, keepPhoneAddress, calibratePhone, calibrationPress, forgetPhone, eraseTyped, choosePhone(Int)
    /// The phone screen's browser mode (on or off again); the player whose code it shows
    /// (0-based); a page phone let go (by its place in the list of page phones).
    case phoneInBrowser, choosePagePlayer(Int), letGoPage(Int)
    /// Hands a drawing in to the class folder (by its id); as the child whose name was tapped.
    case handIn(String), handInAs(String)
    /// Gallery ▸ Open a code, its Open (Enter) and Backspace; Settings ▸ Class; Watch on a
    /// drawing of the class gallery.
    case openCode, fetchCode, eraseCode, classroom, watchClass(String)
    /// A number of the grown-up gate before Settings ▸ Class, chosen without holding it down.
    case gateChoice(Int)
    /// Settings ▸ Class ▸ Set up; a field of its form (0-based: address, user, password,
    /// names) taking what is typed; the next field (Tab); Backspace; Check and save.
    case classSetup, classSetupField(Int), nextClassSetupField, eraseClassSetup, checkClassSetup
}
