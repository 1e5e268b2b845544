import Foundation
import MarbleKit

/// The drawing toy: where the player is, what they hold, and the drawing open.
///
/// A small owner of three parts, each with one job: `nav` (screen, focus, questions, each
/// menu's state), `input` (the one copy of held keys and pad, and the controls), and
/// `drawings` (the open drawing, its clock, saves and exports). Events become actions through
/// each screen's key map (Screens/), and `perform` is the one place actions change state.
/// Scenes are pure functions of these parts and the window's layout. A platform feeds it
/// events and the clock and draws the scene; nothing here knows SDL, so the whole app runs
/// headless in tests.
public final class App {
    /// Where the player is.
    public internal(set) var nav = Navigation()
    /// What the children hold, and who sits where.
    public internal(set) var input: InputState
    /// The children at the board, one a marble: their controls and tools (`Players/`). How
    /// many there are is the seating's (`input.seating.players`), the one count.
    public var players: [Player] { Array(places.prefix(input.seating.players)) }
    /// A place for each marble a drawing can have, each kept with its controls and tool; the
    /// first `input.seating.players` play (`setPlayers`).
    var places = (0..<SessionConfiguration.maxMarbles).map { Player(index: $0) }
    /// The drawing open, and the store behind it.
    public let drawings: DrawingController
    /// The drawing being watched, on the Watch screen.
    public internal(set) var watch: WatchPlayer?

    /// The drawing's sound.
    public let sound: SoundPlayer
    /// The settings, with this run's overrides: what the controls and the sound read.
    public let preferences: Preferences

    /// The phones or handhelds the settings name (DSU), one link each, and the phone screen.
    var phones = Phones()
    /// The class folder: hand-ins, the courier, the class screens (`Class/`).
    let desk: ClassDesk
    /// The grown-up gate before Settings ▸ Class (`Screens/Gate/`).
    var gate = GrownUpGate()
    /// The narrator and the coach: what the voice says about the screen, the ghost and the hints.
    var guide = Guide()

    /// The frames' clock, and what the app asks of the platform.
    var run: AppRun
    /// Messages for stderr: the run's.
    var log: (String) -> Void { run.log }

    /// An app on `store`, starting at Home; `log` gets messages for stderr.
    ///
    /// Everything it takes from outside comes from the store's `Environment`, handed in when
    /// the store was made: the settings kept (read now, saved on each change), the sound out,
    /// the picture and time-lapse encoders, the clock and the disk. `overrides` are the
    /// command line's for this run.
    public init(store: DrawingStateStore, exportFolder: String, overrides: RunOverrides = RunOverrides(),
                log: @escaping (String) -> Void = { _ in }) {
        let environment = store.environment
        let loaded = environment.settings.load()
        for warning in loaded.warnings { log(warning) }
        drawings = DrawingController(store: store, exportFolder: exportFolder)
        preferences = Preferences(loaded.settings, overrides: overrides, keep: { settings in
            do throws(StoreError) { try environment.settings.save(settings) } catch { log("\(error)") }
        })
        sound = SoundPlayer(scale: preferences.settings.scale, output: environment.playSound)
        input = InputState()
        desk = ClassDesk(store: store, log: log)
        run = AppRun(log: log)
        refreshLatest()
    }

    /// The controls' options now: derived from the settings on every read.
    public var controlOptions: ControlOptions { preferences.controlOptions }

    /// What the app asks the platform to do, since the last call.
    public func takeEffects() -> [AppEffect] { run.takeEffects() }

    /// Set once everything is saved and the app should exit.
    public var finished: Bool { run.finished }

    /// The canvas on screen, if any: the platform uploads its dirty part each frame.
    public var canvas: Canvas? { nav.screen == .watch ? watch?.canvas : drawings.drawing?.session.canvas }

    /// The app's clock: the time of the last update.
    var now: Double { run.clock.now }

    /// Whether the drawing is live: physics running, input steering the ball.
    public var isDrawingLive: Bool { nav.screen == .drawing && drawings.paused == nil && nav.question == nil }

    // MARK: - Telling the player

    func say(_ text: String, for seconds: Double = 6) {
        nav.say(text, until: now + seconds)
    }

    /// A failure, told twice: in words on screen, and with what it was about to the log.
    func report(_ error: any Error, _ what: String, context: String) {
        say(tr("{what}: {error}", ["what": what, "error": "\(error)"]))
        log("\(context): \(error)")
    }

    /// The store's drawings, newest first; what it could not read goes to the log.
    func listDrawings() -> [DrawingSummary] {
        let listing = drawings.store.list()
        for note in listing.notes { log(note) }
        return listing.drawings
    }

    func refreshLatest() { nav.setLatest(listDrawings().first) }
}
