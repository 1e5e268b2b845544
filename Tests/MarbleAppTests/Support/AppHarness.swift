import Foundation
import MarbleKit
import MarblePNG
import MarbleTestSupport
import Synchronization
import Testing
@testable import MarbleApp

/// Settings kept in memory across "launches": an environment's settings persistence.
final class KeptSettings: Sendable {
    private let box: Mutex<Settings>

    init(_ settings: Settings = Settings()) { box = Mutex(settings) }

    /// What was kept last.
    var value: Settings { box.withLock { $0 } }

    var persistence: SettingsPersistence {
        SettingsPersistence(load: { [self] in SettingsFile.Loaded(settings: value) },
                            save: { [self] settings throws(StoreError) in box.withLock { $0 = settings } })
    }
}

/// A drawing store in a fresh temporary folder, removed when the last reference goes.
final class TempStore {
    let folder: TempFolder
    let store: DrawingStateStore
    /// The store's root: the folder itself.
    var root: String { folder.path }

    /// A store (and the app on it) whose environment keeps `settings` in memory, plays into
    /// `ears`, and with `pictures` writes PNG thumbnails and pictures (libpng's encoder, as the program's).
    /// With `pictureGate`, the encoder first waits for the gate on Save picture's thread (a
    /// test holds a picture mid-save; thumbnails, made elsewhere, never wait).
    /// With `connectClass`, the class folder is reached through it; `gatedThread` names the
    /// thread whose encoder waits for `pictureGate` (Save picture's by default). With
    /// `servePhonePage` and `encodeQR`, the phone page is served and its code encoded by them.
    init(settings: KeptSettings? = nil, ears: RecordedSound? = nil, pictures: Bool = false,
         timelapse: Environment.TimelapseEncoder? = nil, pictureGate: DispatchSemaphore? = nil, shelf: PictureShelf? = nil,
         connectClass: Environment.ClassConnector? = nil, gatedThread: String = "marble-picture",
         servePhonePage: PhonePageStarter? = nil, encodeQR: Environment.QREncoder? = nil) throws {
        folder = try TempFolder("app-tests")
        var environment = Environment(clock: Environment.systemClock, monotonic: Environment.system.monotonic, io: .system,
                                      encodeTimelapse: timelapse, playSound: ears?.sink, settings: settings?.persistence ?? .none,
                                      pictureShelf: shelf, connectClass: connectClass, servePhonePage: servePhonePage, encodeQR: encodeQR)
        if pictures || pictureGate != nil {
            environment.codecs.encodePicture = { bytes, width, height in
                if Thread.current.name == gatedThread { pictureGate?.wait() }
                return try PNGImage.encode(rgba: bytes, width: width, height: height)
            }
        }
        store = try DrawingStateStore(root: folder.path, environment: environment)
    }

    /// The same folder opened again, as a second launch of marble would.
    func reopen() throws -> DrawingStateStore { try DrawingStateStore(root: root, environment: store.environment) }

    /// Adds a closed, empty drawing straight through the store; returns its id.
    @discardableResult
    func addDrawing(_ configuration: SessionConfiguration = SessionConfiguration()) throws -> String {
        let d = try store.create(configuration: configuration)
        try d.close()
        return d.id
    }

    func journalSize(_ id: String) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/drawings/\(id)/journal")
        return (attributes?[.size] as? NSNumber)?.intValue ?? -1
    }
}

/// The app on a headless platform (60 frames a second) with a real store in a temp folder.
final class AppHarness {
    let temp: TempStore
    let app: App
    let platform = HeadlessPlatform()

    /// The app on `temp`'s store (its environment: settings, ears, encoders), exporting to
    /// `exportFolder` (default: `exports` in the store's folder); `log` gets what it would print.
    init(temp: TempStore? = nil, exportFolder: String? = nil, overrides: RunOverrides = RunOverrides(),
         log: @escaping (String) -> Void = { _ in }) throws {
        self.temp = try temp ?? TempStore()
        app = App(store: self.temp.store, exportFolder: exportFolder ?? self.temp.root + "/exports", overrides: overrides, log: log)
        frame()
    }

    var store: DrawingStateStore { temp.store }
    /// The scene shown by the last frame.
    var scene: Scene { platform.lastScene ?? Scene() }
    var actions: [Action] { scene.buttons.map(\.action) }
    var session: ReadOnlySession? { app.drawing?.session }

    /// One frame that delivers `events`, then steps the clock by 1/60 s and presents.
    func frame(_ events: UIEvent...) {
        platform.pending += events
        FrameLoop.frame(app, on: platform)
    }

    func frames(_ n: Int) {
        for _ in 0..<n { frame() }
    }

    /// A key pressed and released within one frame (a menu key).
    func tap(_ key: Key) {
        frame(.keyDown(key, ctrl: false, isRepeat: false), .keyUp(key))
    }

    /// A key held through `frames` frames: pressed in the first, released after the last.
    func hold(_ key: Key, frames n: Int) {
        frame(.keyDown(key, ctrl: false, isRepeat: false))
        frames(n - 1)
        frame(.keyUp(key))
    }

    func padTap(_ b: PadButton) {
        frame(.padButtonDown(b), .padButtonUp(b))
    }

    /// Index of the first button doing `action` in the current scene.
    func index(of action: Action) -> Int? { actions.firstIndex(of: action) }

    /// Home → New → Start: a new drawing, showing.
    func startDrawing() {
        tap(.n)
        tap(.enter)
        frame()
    }

    /// A 320×200 drawing made in the store and opened: saving tests stay fast, since every
    /// close writes a snapshot of the whole canvas.
    @discardableResult
    func openSmallDrawing() throws -> String {
        let id = try temp.addDrawing(SessionConfiguration(canvasWidth: 320, canvasHeight: 200))
        app.openDrawing(id)
        frame()
        return id
    }
}

extension AppHarness {
    /// Presses Ctrl+Q while `job` is held at `gate`, opening the gate (`times` signals) only
    /// once quitting has asked the job to stop (a timer could open it first on a slow machine);
    /// then checks that the app finished, nothing was exported and the drawing reopens whole.
    func quit(holding job: ExportJob, at gate: DispatchSemaphore, times: Int, drawing d: StoredDrawing) throws {
        DispatchQueue.global().async {
            while !job.isCancelled { usleep(1000) }
            for _ in 0..<times { gate.signal() }
        }
        frame(.keyDown(.q, ctrl: true, isRepeat: false))
        #expect(app.finished)
        let exports = (try? FileManager.default.contentsOfDirectory(atPath: temp.root + "/exports")) ?? []
        #expect(exports.isEmpty, "\(exports)")
        #expect(try temp.reopen().open(d.id).session.duration == d.session.duration)
    }
}
