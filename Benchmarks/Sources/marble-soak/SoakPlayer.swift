import Foundation
import MarbleApp
import MarbleKit
import SeededRandom

/// Plays the app for a soak: one launch at a time on one store, frame by frame, checking
/// every frame, and keeping the figures.
final class SoakPlayer {
    let options: SoakOptions
    var rng: SplitMix64
    var figures = SoakFigures()
    /// The app of the current launch, and its headless window.
    private(set) var app: App
    private(set) var platform = HeadlessPlatform()
    /// The current launch's store, settings file and how long it has played (simulated s).
    private(set) var store: DrawingStateStore
    let settingsFile: SettingsFile
    var launchTime = 0.0
    /// The drawing the last quit closed: gone by the next launch, or something holds on to it.
    weak var closedDrawing: StoredDrawing?
    /// Whether the player is leaving the drawing alone (for the figures).
    var idling = false
    /// The pad plugged in, if any, and whether it has motion sensors.
    var pad: (name: String, motion: Bool)?
    // What the last frame saw of the open drawing: for counting samples and saves.
    private var seenID: String?
    private var seenSamples = 0
    private var seenJournal = 0

    /// The store's wall clock: simulated time from 1 January 2027, so that a drawing's dates
    /// and the gallery's order follow the simulated day, and a seed repeats exactly.
    let wallClock = SimulatedClock(start: 1_798_761_600)

    init(options: SoakOptions) throws {
        self.options = options
        rng = SplitMix64(seed: options.seed)
        settingsFile = SettingsFile(path: options.folder + "/settings.json", io: .system)
        store = try DrawingStateStore(root: options.folder + "/store", environment: .system)
        app = App(store: store, exportFolder: options.folder + "/exports")
    }

    var simulated: Double { figures.simulated }
    var timeLeft: Double { options.hours * 3600 - simulated }

    // MARK: - Launching

    /// A new app on the same store folder (a new store object too), as the next run of
    /// `marble` would be; its settings come from the settings file the last one kept.
    func launch() throws {
        // The last launch's app and drawing must be gone once they are let go: a reference
        // kept somewhere (a listener, a background painter) would keep a whole canvas alive.
        weak var lastApp = app
        weak var lastStore = store
        let clock = wallClock
        store = try DrawingStateStore(root: options.folder + "/store",
                                      environment: Environment(clock: { clock.read() }, monotonic: Environment.system.monotonic,
                                                               io: .system, settings: .file(settingsFile)))
        app = App(store: store, exportFolder: options.folder + "/exports")
        platform = HeadlessPlatform()
        if lastApp != nil || closedDrawing != nil || lastStore != nil {
            throw SoakFailure("launch \(figures.launches): the last launch's app, drawing or store is still alive")
        }
        launchTime = 0
        seenID = nil
        figures.launches += 1
        // Freed memory handed back to the system first, so the figure is what is in use.
        _ = malloc_trim(0)
        figures.rssAtLaunch.append(Memory.residentMiB())
        try frame()
        if let pad { try frame([.padAdded(name: pad.name, accelerometer: pad.motion, gyro: pad.motion)]) }
    }

    // MARK: - Frames

    /// One frame: the events, then the clock moved by `dt`, then the checks.
    ///
    /// The time counts as what the app was doing when the frame began.
    func frame(_ events: [UIEvent] = [], dt: Double = 1.0 / 60) throws {
        let kind: TimeKind
        if app.paused != nil { kind = .paused } else if app.isDrawingLive { kind = idling ? .idle : .drawing } else { kind = .menus }
        platform.frameTime = dt
        platform.pending += events
        FrameLoop.frame(app, on: platform)
        figures.frames += 1
        if dt == 1.0 / 60 { figures.frames60 += 1 }
        figures.time[kind, default: 0] += dt
        wallClock.seconds = simulated
        launchTime += dt
        try check()
        count()
    }

    /// Frames with no input for `seconds` (at least one).
    func frames(for seconds: Double) throws {
        var left = min(seconds, timeLeft)
        repeat {
            try frame()
            left -= 1.0 / 60
        } while left > 0
    }

    /// The drawing left alone for `seconds`, frame by frame.
    func idle(_ seconds: Double) throws {
        idling = true
        defer { idling = false }
        try frames(for: seconds)
    }

    /// One frame that jumps the clock by `seconds`: for time the app spends paused or hidden,
    /// when it steps nothing.
    func jump(_ seconds: Double) throws {
        try frame(dt: max(min(seconds, timeLeft), 1.0 / 60))
    }

    func tap(_ key: Key, ctrl: Bool = false) throws {
        try frame([.keyDown(key, ctrl: ctrl, isRepeat: false), .keyUp(key)])
    }

    func padTap(_ b: PadButton) throws {
        try frame([.padButtonDown(b), .padButtonUp(b)])
    }

    // MARK: - Counting

    /// Samples fed and journal appends since the last frame.
    private func count() {
        guard let d = app.drawing else { seenID = nil; return }
        let samples = d.session.acceptedSamples + d.session.droppedSamples
        let journal = Self.fileSize(d.folder + "/journal")
        if seenID == d.id {
            figures.samples += max(samples - seenSamples, 0)
            if journal > seenJournal { figures.saves += 1 }
        }
        seenID = d.id
        seenSamples = samples
        seenJournal = journal
    }

    static func fileSize(_ path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : -1
    }
}

/// glibc's malloc_trim(3): gives freed heap memory back to the system (Glibc does not export it to Swift).
@_silgen_name("malloc_trim")
func malloc_trim(_ pad: Int) -> Int32

/// A clock the store can read from any thread, set by the soak as simulated time passes.
final class SimulatedClock: @unchecked Sendable {
    let start: Double
    private let lock = NSLock()
    private var elapsed = 0.0

    init(start: Double) { self.start = start }

    /// Simulated seconds since the start.
    var seconds: Double {
        get { lock.withLock { elapsed } }
        set { lock.withLock { elapsed = newValue } }
    }

    /// Seconds since 1970.
    @Sendable func read() -> Double { start + seconds }
}
