import ArgumentParser
import Foundation
import MarbleApp
import MarbleKit
import MarbleSDL
import MarbleVoice

/// `marble play` (or `marble` alone): the drawing toy in a window.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Open the drawing toy's window (the default command).",
        discussion: """
            Tilt with the arrow keys or WASD, a game pad's left stick, or a pad's motion sensor; \
            Q/E or the shoulders turn the heading, which picks the colour; hold Space (or A) to lift \
            the pen. Drawings are saved as you go; Ctrl+Q saves and quits from anywhere.

            The window speaks the child's language; the command line stays English. LANGUAGE, \
            LC_ALL, LC_MESSAGES and LANG pick the language, as for any program (for example \
            LANG=es_ES.UTF-8 marble). Its words are gettext catalogues, \
            share/locale/LL/LC_MESSAGES/marble.mo beside the binary (/usr/share/locale for the \
            package; MARBLE_LOCALEDIR names another folder). Spanish (es) and German (de) ship; \
            any other language shows English.

            Examples:
              marble
              marble play --new --physics fake --difficulty easy
              marble play --continue
              marble play --continue 20261121-134005-a3f9 --store /tmp/drawings
              marble play --phone-page
              marble play --phone-page 192.168.1.20:26780
            """
    )

    @Argument(help: ArgumentHelp("With --continue: the drawing to continue (default: the latest).", valueName: "ID"))
    var id: String?

    @Flag(help: "Go straight to a new drawing.")
    var new = false

    @Flag(name: .customLong("continue"), help: "Go straight on drawing the latest drawing (or ID).")
    var continueDrawing = false

    @Option(help: "With --new: real (tilt accelerates, the ball keeps its momentum) or fake (easy ball: tilt sets the speed).")
    var physics: PhysicsMode?

    @Option(help: "With --new: easy, normal or hard.")
    var difficulty: Difficulty?

    @Option(help: ArgumentHelp("With --new: 1 to 4 marbles, children drawing on one canvas (player 1: WASD, Q/E, Space; player 2: the arrows, comma and period, Right Shift; each pad or phone takes the next player without one).", valueName: "N"))
    var marbles: Int?

    @Option(help: ArgumentHelp("With --new or --continue: a shape to trace, shown as a dotted guide: circle, square, star or heart "
                               + "(a continued drawing traces it for this run).", valueName: "SHAPE"))
    var trace: TraceShape?

    @OptionGroup(title: "Store")
    var storeOptions: StoreOptions

    @Option(help: ArgumentHelp("Where Save picture and Save log write. Default: $XDG_PICTURES_DIR/Marble, else ~/Pictures/Marble.", valueName: "DIR"))
    var pictures: String?

    @Option(help: ArgumentHelp("Tilt sensitivity, \(Settings.sensitivityRange.lowerBound) to \(Settings.sensitivityRange.upperBound), for this run (default: the settings', else 1).", valueName: "X"))
    var sensitivity: Double?

    @Flag(help: "Invert left and right tilt.")
    var invertX = false

    @Flag(help: "Invert up and down tilt for this run (the settings screen keeps it).")
    var invertY = false

    @Flag(help: "Mirror the pad for this run: the right stick tilts, the left stick turns (the settings screen keeps it).")
    var leftHanded = false

    @Option(help: ArgumentHelp("Tilt with a phone or handheld's DSU server at this address for this run (port \(DSU.defaultPort) unless given; Settings, Phone keeps them), "
                               + "once per marble, in order: the same address again means that server's next pad.",
                               valueName: "HOST[:PORT]"))
    var motion: [String] = []

    @Option(help: ArgumentHelp("Player 2's phone: another spelling of a second --motion.", valueName: "HOST[:PORT]"))
    var motion2: String?

    @Option(name: .customLong("phone-page"),
            help: ArgumentHelp("Serve the phone page for this run: the window opens on the Phone screen with a code to scan, "
                               + "and the page's address is printed (not the players' codes: only the screen shows them). At HOST[:PORT] (default: this machine's LAN address, "
                               + "port \(PhonePageAddress.defaultPort)); a phone's browser then drives a marble.",
                               valueName: "[HOST][:PORT]"))
    var phonePage: String?

    @OptionGroup(title: "Picture")
    var pictureOptions: PictureOptions

    @OptionGroup(title: "Sound")
    var soundOptions: SoundOptions

    @Flag(help: "Start with the sound off, for this run only (M turns it on; the settings keep M's choice).")
    var mute = false

    @Flag(name: .customLong("no-voice"), help: "Keep the voice silent for this run (Settings, Voice turns it on; the settings keep that choice).")
    var noVoice = false

    @OptionGroup(title: "Window")
    var windowOptions: WindowOptions

    func validate() throws {
        if new && continueDrawing { throw ValidationError("choose one of --new and --continue.") }
        if id != nil && !continueDrawing { throw ValidationError("a drawing id goes with --continue.") }
        if pictureOptions.over != nil && !new { throw ValidationError("--over goes with --new: a continued drawing keeps its own picture.") }
        if (physics != nil || difficulty != nil) && !new {
            throw ValidationError("--physics and --difficulty go with --new; a continued drawing keeps its own.")
        }
        if trace != nil && !new && !continueDrawing { throw ValidationError("--trace goes with --new or --continue.") }
        for m in motion + (motion2.map { [$0] } ?? []) { _ = try motionAddress(m) }
        if motion.count + (motion2 == nil ? 0 : 1) > SessionConfiguration.maxMarbles {
            throw ValidationError("--motion is given at most \(SessionConfiguration.maxMarbles) times, once per marble.")
        }
        if motion2 != nil && motion.count > 1 { throw ValidationError("--motion2 is a second --motion: give one or the other.") }
        if let marbles, !(1...SessionConfiguration.maxMarbles).contains(marbles) {
            throw ValidationError("--marbles must be from 1 to \(SessionConfiguration.maxMarbles), not \(marbles).")
        }
        if let phonePage { _ = try phonePageAddress(phonePage) }
        let range = Settings.sensitivityRange
        if let sensitivity, !(sensitivity.isFinite && range.contains(sensitivity)) {
            throw ValidationError("--sensitivity must be between \(range.lowerBound) and \(range.upperBound), not \(sensitivity).")
        }
    }

    func run() throws {
        // The sound device first: the environment the store and the app share plays on it.
        let audio = openAudio()
        var playSound: Environment.SoundSink?
        if let audio { playSound = { audio.play($0) } }
        let store = try storeOptions.open(.live(playSound: playSound))
        // Know the drawing before opening a window: a wrong id is a message, not an empty window.
        var continueID: String?
        if continueDrawing {
            continueID = try storeCall { () throws(StoreError) in
                let id: String
                if let given = self.id { id = given } else { id = try store.latestID() }
                guard DrawingStateStore.isValidID(id) else { throw .badID(id) }
                guard store.ids().contains(id) else { throw .notFound(id: id) }
                return id
            }
        }
        // A picture that cannot be read is a message, not a window: decoded first (at least the
        // window's canvas, so a 12-MP photo decodes scaled down).
        let picture = try pictureOptions.picture(atLeast: (1280, 800))
        // The voice speaks on the sound device, beside the drawing (the app asks only while it is on).
        let speaker = audio.map(Self.speaker)
        let platform = try windowOptions.open(store.environment, servePhonePage: store.environment.servePhonePage,
                                              speak: speaker.map { s in { s.say($0) } })
        // What the command line gives is for this run, laid over the settings, never kept.
        var overrides = RunOverrides(sensitivity: sensitivity, invertX: invertX, invertY: invertY, leftHanded: leftHanded,
                                     mute: mute, scale: soundOptions.scale,
                                     phones: try (motion + (motion2.map { [$0] } ?? [])).map(motionAddress))
        overrides.noVoice = noVoice
        let app = App(store: store, exportFolder: pictures ?? UserFolders.current.pictures, overrides: overrides,
                      log: { complain($0) })
        // The page first: --new or --continue still open the drawing, the page served all along.
        if let phonePage { app.servePhonePage(at: try phonePageAddress(phonePage)) }
        // The seats' codes go to stderr never; a test that plays the phones reads them here.
        if let codes = ProcessInfo.processInfo.environment["MARBLE_PHONE_PAGE_CODES"], !codes.isEmpty { app.keepPageCodes(in: codes) }
        if new {
            app.startNew(mode: physics ?? .real, difficulty: difficulty ?? .normal, trace: trace, marbles: marbles ?? 1, picture: picture)
        }
        if let continueID { app.openDrawing(continueID, trace: trace) }
        // A first launch (no drawing in the store) opens on a drawing with the ghost showing how.
        if !new && continueID == nil { app.openFirstDrawing() }
        try runWindow(app, on: platform, exitAfterFrames: windowOptions.exitAfterFrames)
        speaker?.stop()
    }

    /// The voice on `audio`'s speech ring; espeak's data missing is one line, then silence.
    static func speaker(on audio: SDLAudio) -> Speaker {
        Speaker(sink: SpeechSink(write: { audio.speech.write($0) }, clear: { audio.speech.clear() }), log: { complain($0) })
    }

    /// The sound device, or nil (said once on stderr): no sound never stops the toy.
    func openAudio() -> SDLAudio? {
        switch SDLAudio.open() {
        case .success(let audio):
            if ProcessInfo.processInfo.environment["MARBLE_DEBUG"] != nil { printError("marble: audio \(audio.driver)") }
            return audio
        case .failure(let why):
            complain("no sound: \(why); the toy runs silent")
            return nil
        }
    }


}
