import ArgumentParser
import Foundation
import MarbleApp
import MarbleKit
import MarbleSDL

/// How the window looks and how the pads feel: options shared by `play` and `replay --window`.
struct WindowOptions: ParsableArguments {
    @Flag(help: "Start in full screen (F11 switches).")
    var fullscreen = false

    @Option(help: ArgumentHelp("Extra game-pad mappings, in SDL's gamecontrollerdb.txt form ($SDL_GAMECONTROLLERCONFIG works too).", valueName: "FILE"))
    var mappings: String?

    @Flag(help: "Use SDL's software renderer.")
    var software = false

    /// For marble-bench's launch time: save and exit 0 once this many frames are shown.
    @Option(name: .customLong("exit-after-frames"), help: .hidden)
    var exitAfterFrames: Int?

    /// Opens the window, or exits 69 with a clear message when there is no display.
    func validate() throws {
        if let n = exitAfterFrames, n < 1 { throw ValidationError("--exit-after-frames must be at least 1.") }
    }

    /// Opens the window on `environment`'s disk (the pictures it shows are read through it),
    /// its phone page's starter (nil: none served) and the voice (nil: silent).
    func open(_ environment: Environment, servePhonePage: PhonePageStarter? = nil, speak: ((Speech) -> Void)? = nil) throws -> SDLPlatform {
        // The window's words before its first frame (the language is the process's from now on).
        WindowWords.use()
        var options = SDLPlatform.Options(files: PlatformFiles(io: environment.io))
        options.servePhonePage = servePhonePage
        options.speak = speak
        options.fullscreen = fullscreen
        options.software = software
        options.mappingsFile = mappings ?? ProcessInfo.processInfo.environment["MARBLE_PAD_MAPPINGS"]
        do {
            let platform = try SDLPlatform(options: options, warn: { complain($0) })
            if ProcessInfo.processInfo.environment["MARBLE_DEBUG"] != nil {
                printError("marble: video \(platform.videoDriver), renderer \(platform.rendererName)")
            }
            return platform
        } catch .noDisplay(let why) {
            complain("""
                no display was found, so the window cannot open (SDL says: \(why)).
                The window needs a desktop session (DISPLAY or WAYLAND_DISPLAY). Without one, replay a log headless:
                  marble replay Replays/figure-eight.csv --png figure-eight.png
                """)
            throw Exit.unavailable
        } catch {
            complain("\(error)")
            throw Exit.unavailable
        }
    }
}

/// Runs a client in the window until it finishes, saving on SIGTERM, SIGINT or SIGHUP (then
/// exiting 128 + the signal, as the headless commands do).
func runWindow(_ client: LoopClient, on platform: SDLPlatform, exitAfterFrames: Int? = nil) throws {
    Signals.install()
    var frames = 0
    FrameLoop.run(client, on: platform, shouldStop: {
        // marble-bench's launch time ends at the exit: skip tearing down the window, as a
        // quit through the window does not wait for it either.
        if let n = exitAfterFrames, frames == n { client.quit(); exit(0) }
        frames += 1
        return Signals.caught != 0
    })
    if Signals.caught != 0 {
        printError("marble: \(Signals.name): saved")
        throw ExitCode(128 + Signals.caught)
    }
}
