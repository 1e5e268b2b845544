/// Everything MarbleKit and the app take from the world outside: the one I/O seam.
///
/// Handed in at init (to `DrawingStateStore`, to `App`), never assigned after, as isowords
/// hands its clients in: the program builds the live one (`marble`'s wiring), tests build
/// theirs with a fixed clock, a failing disk or a recording ear. Every field is a value or a
/// `@Sendable` closure, so a store's background snapshot job may use it from any thread.
public struct Environment: Sendable {
    /// The wall clock, seconds since 1970.
    public var clock: @Sendable () -> Double
    /// Every write to a file goes through here (tests inject a full disk).
    public var io: FileIO
    /// Encodes RGBA8 pixels (width, height) as a PNG file's bytes; nil: no pictures here
    /// (thumbnails are skipped, Save picture says it cannot). MarbleKit has no PNG encoder of
    /// its own: the program passes libpng's.
    public var encodePicture: PictureEncoder?
    /// Encodes a drawing's history as a time-lapse file (an animated WebP); nil: none here.
    public var encodeTimelapse: TimelapseEncoder?
    /// Plays interleaved stereo 16-bit frames at 48 kHz, never blocking; nil: silent.
    public var playSound: SoundSink?
    /// Where the settings live between launches.
    public var settings: SettingsPersistence

    public typealias PictureEncoder = @Sendable (UnsafeRawBufferPointer, Int, Int) throws -> [UInt8]
    /// Encodes a drawing's time-lapse, telling `progress` how far it got (0 to 1); an error
    /// thrown by `progress` stops it (the window's Film cancels this way).
    public typealias TimelapseEncoder = @Sendable (DrawingHistory, _ progress: (Double) throws -> Void) throws -> [UInt8]
    public typealias SoundSink = @Sendable (UnsafeBufferPointer<Int16>) -> Void

    public init(clock: @escaping @Sendable () -> Double = Environment.systemClock, io: FileIO = .system,
                encodePicture: PictureEncoder? = nil, encodeTimelapse: TimelapseEncoder? = nil,
                playSound: SoundSink? = nil, settings: SettingsPersistence = .none) {
        self.clock = clock
        self.io = io
        self.encodePicture = encodePicture
        self.encodeTimelapse = encodeTimelapse
        self.playSound = playSound
        self.settings = settings
    }

    /// The system's wall clock (`clock_gettime(CLOCK_REALTIME)`).
    public static let systemClock: @Sendable () -> Double = { POSIX.wallClock() }
}

/// Loading and keeping `Settings`: a file (`SettingsFile`), or nothing (tests, sandboxes).
public struct SettingsPersistence: Sendable {
    /// Reads the settings kept, with anything to tell the user.
    public var load: @Sendable () -> SettingsFile.Loaded
    /// Keeps a change.
    public var save: @Sendable (Settings) throws(StoreError) -> Void

    public init(load: @escaping @Sendable () -> SettingsFile.Loaded,
                save: @escaping @Sendable (Settings) throws(StoreError) -> Void) {
        self.load = load
        self.save = save
    }

    /// The defaults, and changes kept for this run only.
    public static let none = SettingsPersistence(load: { SettingsFile.Loaded(settings: Settings(), warnings: []) },
                                                 save: { _ throws(StoreError) in })

    /// `settings.json` at `file.path`.
    public static func file(_ file: SettingsFile) -> SettingsPersistence {
        SettingsPersistence(load: { file.load() }, save: { s throws(StoreError) in try file.save(s) })
    }
}
