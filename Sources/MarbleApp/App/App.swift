import Foundation
import MarbleKit

/// The drawing toy's state: which screen is up, what has focus, the drawing being made.
///
/// A platform feeds it events and the clock and draws the scene it describes; nothing here
/// knows SDL, so the whole app runs headless in tests.
public final class App {
    public enum Screen: Equatable, Sendable {
        case home, setup, drawing, end, gallery
    }

    /// Why the drawing is paused.
    public enum Pause: Equatable, Sendable {
        case user, padRemoved, hidden
    }

    /// A delete waiting for "yes".
    public struct PendingDelete: Equatable, Sendable {
        public var id: String
        public var title: String
        /// Its thumbnail, so the question shows which drawing goes.
        public var picture: String?
    }

    public let store: DrawingStateStore
    /// Where Save picture and Save log write.
    public var exportFolder: String
    /// The screen showing.
    public internal(set) var screen: Screen = .home
    /// The focused button of the scene showing.
    public internal(set) var focus = 0
    public internal(set) var setupMode: PhysicsMode = .real
    public internal(set) var setupDifficulty: Difficulty = .normal
    /// The drawing open, on the drawing and end screens.
    public internal(set) var drawing: StoredDrawing?
    public internal(set) var paused: Pause?
    public internal(set) var pendingDelete: PendingDelete?
    /// A line for the user that fades after a while (where a picture was saved, what failed).
    public internal(set) var notice: String?
    var noticeUntil = 0.0
    /// The pad in use, if one is connected.
    public internal(set) var padName: String?
    public internal(set) var padHasMotion = false
    public var controls: Controls
    /// Gallery entries, newest first, read when the gallery opens.
    public internal(set) var galleryEntries: [DrawingSummary] = []
    public internal(set) var galleryTop = 0
    /// The latest drawing, for Home's Continue button (nil when the store is empty).
    public internal(set) var latest: DrawingSummary?
    /// The drawing's clock: the time the next sample gets.
    public internal(set) var drawingTime = 0.0
    /// Set once everything is saved and the app should exit.
    public internal(set) var finished = false
    /// The last picture or log saved, for the end screen.
    public internal(set) var lastExport: String?

    var now = 0.0
    var lastUpdate: Double?
    var effects: [AppEffect] = []
    /// The buttons of the last scene, for clicks and focus moves.
    var lastButtons: [Button] = []
    var heldKeys = Set<Key>()
    var padButtons = Set<PadButton>()
    // A stick pushed past this moves focus once, until it comes back.
    var stickLatch: Direction?
    var pointerPressed: Int?
    var deleteReturnFocus = 0
    /// When the delete question appeared; clicks on it are ignored for `confirmClickDelay`.
    var deleteAskedAt = -Double.infinity
    static let confirmClickDelay = 0.5
    var log: (String) -> Void

    /// An app on `store`, starting at Home; `log` gets messages for stderr.
    public init(store: DrawingStateStore, exportFolder: String, options: ControlOptions = .default,
                log: @escaping (String) -> Void = { _ in }) {
        self.store = store
        self.exportFolder = exportFolder
        self.controls = Controls(heading: 0)
        self.controls.options = options
        self.log = log
        refreshLatest()
    }

    /// What the app asks the platform to do, since the last call.
    public func takeEffects() -> [AppEffect] {
        defer { effects = [] }
        return effects
    }

    /// The canvas on screen, if any: the platform uploads its dirty part each frame.
    public var canvas: Canvas? { drawing?.session.canvas }

    // MARK: - Moving between screens

    func go(to s: Screen) {
        screen = s
        focus = 0
        galleryTop = 0
        pendingDelete = nil
        lastButtons = []
        if s == .home { refreshLatest() }
        if s == .gallery {
            galleryEntries = listDrawings()
            focus = galleryFirstTile
        }
    }

    func refreshLatest() { latest = listDrawings().first }

    func listDrawings() -> [DrawingSummary] {
        let listing = store.list()
        for note in listing.notes { log(note) }
        return listing.drawings
    }

    func say(_ text: String, for seconds: Double = 6) {
        notice = text
        noticeUntil = now + seconds
    }

    /// A failure, told twice: in words on screen, and with what it was about to the log.
    func report(_ error: any Error, _ what: String, context: String) {
        say("\(what): \(error)")
        log("\(context): \(error)")
    }
}
