/// Everything MarbleKit and the app take from the world outside: the one I/O seam.
///
/// Handed in at init (to `DrawingStateStore`, to `App`), never assigned after, as isowords
/// hands its clients in: the program builds the live one (`marble`'s wiring), tests build
/// theirs with a fixed clock, a failing disk or a recording ear. Every field is a value or a
/// `@Sendable` closure, so a store's background snapshot job may use it from any thread.
public struct Environment: Sendable {
    /// The wall clock, seconds since 1970.
    public var clock: @Sendable () -> Double
    /// The monotonic clock, seconds since some fixed moment: for durations (a job's slice of
    /// work between frames), never for dates.
    public var monotonic: @Sendable () -> Double
    /// Every read and write of a store's file goes through here (tests inject a full disk).
    public var io: FileIO
    /// The coders the program passes in (libpng, libwebp, libqrencode): MarbleKit has none of
    /// its own; each nil where absent.
    public var codecs: Codecs
    /// Plays interleaved stereo 16-bit frames at 48 kHz, never blocking; nil: silent.
    public var playSound: SoundSink?
    /// Where the settings live between launches.
    public var settings: SettingsPersistence
    /// The photos a new drawing can be painted over (Setup ▸ Picture); nil: none offered.
    public var pictureShelf: PictureShelf?
    /// Opens a class folder (WebDAV over the program's HTTP client, or a plain folder); nil:
    /// this program hands nothing in.
    public var connectClass: ClassConnector?
    /// Serves the phone page (HTTPS and a WebSocket, on libwebsockets, with the certificate
    /// kept in the store's folder); nil: this program serves no page.
    public var servePhonePage: PhonePageStarter?
    /// Numbers drawn by chance (the grown-up gate's): the system's in the program, a seeded
    /// generator by default, so a test draws the same numbers each run.
    public var random: RandomSource

    public typealias PictureEncoder = @Sendable (UnsafeRawBufferPointer, Int, Int) throws -> [UInt8]
    /// PNG bytes to RGBA8 pixels (rows top to bottom, no padding), width and height.
    public typealias PictureDecoder = @Sendable ([UInt8]) throws -> (pixels: [UInt8], width: Int, height: Int)
    /// Encodes a drawing's time-lapse, telling `progress` how far it got (0 to 1); an error
    /// thrown by `progress` stops it (the window's Film cancels this way).
    public typealias TimelapseEncoder = @Sendable (DrawingHistory, _ progress: (Double) throws -> Void) throws -> [UInt8]
    public typealias SoundSink = @Sendable (UnsafeBufferPointer<Int16>) -> Void
    public typealias ClassConnector = @Sendable (ClassAddress, ClassCredentials) throws(ClassProblem) -> any ClassTransport
    /// A text as a QR code, or nil when it cannot be one (too long).
    public typealias QREncoder = @Sendable (String) -> QRMatrix?

    /// An environment of these clocks and this disk, and (unless given) no picture coders or film
    /// encoder, no sound, no settings kept and seeded chance. Nothing falls back to the machine's own: a
    /// caller that wants them says so (`Environment.system`, `FileIO.system`).
    public init(clock: @escaping @Sendable () -> Double, monotonic: @escaping @Sendable () -> Double, io: FileIO,
                encodePicture: PictureEncoder? = nil, decodePicture: PictureDecoder? = nil,
                encodeTimelapse: TimelapseEncoder? = nil,
                playSound: SoundSink? = nil, settings: SettingsPersistence = .none, pictureShelf: PictureShelf? = nil,
                connectClass: ClassConnector? = nil, servePhonePage: PhonePageStarter? = nil, encodeQR: QREncoder? = nil,
                random: @escaping RandomSource = Environment.seededRandom()) {
        self.clock = clock
        self.monotonic = monotonic
        self.io = io
        self.codecs = Codecs(encodePicture: encodePicture, decodePicture: decodePicture,
                             encodeTimelapse: encodeTimelapse, encodeQR: encodeQR)
        self.playSound = playSound
        self.settings = settings
        self.pictureShelf = pictureShelf
        self.connectClass = connectClass
        self.servePhonePage = servePhonePage
        self.random = random
    }

    /// The system's wall clock (`clock_gettime(CLOCK_REALTIME)`).
    public static let systemClock: @Sendable () -> Double = { POSIX.wallClock() }

    /// The machine's own clocks, disk and chance, with no encoders, no sound and no settings kept: what
    /// a tool or a test that works on real files asks for by name.
    public static let system = Environment(clock: systemClock, monotonic: { POSIX.monotonicSeconds() }, io: .system,
                                          random: systemRandom)
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

extension Environment {
    /// The coders a program hands the core: pictures, time-lapses and QR codes.
    public struct Codecs: Sendable {
        /// Encodes RGBA8 pixels (width, height) as a PNG file's bytes; nil: no pictures here
        /// (thumbnails are skipped, Save picture says it cannot). MarbleKit has no PNG encoder of
        /// its own: the program passes libpng's.
        public var encodePicture: PictureEncoder?
        /// Decodes a PNG file's bytes into RGBA8 pixels and their size; nil: none here (a drawing
        /// over a picture kept as PNG opens only from its snapshot). The program passes libpng's.
        public var decodePicture: PictureDecoder?
        /// Encodes a drawing's history as a time-lapse file (an animated WebP); nil: none here.
        public var encodeTimelapse: TimelapseEncoder?
        /// Encodes a text (the phone page's address) as a QR code; nil: none here (the Phone
        /// screen shows the address in words only). The program passes libqrencode's.
        public var encodeQR: QREncoder?

        public init(encodePicture: PictureEncoder? = nil, decodePicture: PictureDecoder? = nil,
                    encodeTimelapse: TimelapseEncoder? = nil, encodeQR: QREncoder? = nil) {
            self.encodePicture = encodePicture
            self.decodePicture = decodePicture
            self.encodeTimelapse = encodeTimelapse
            self.encodeQR = encodeQR
        }
    }
}
