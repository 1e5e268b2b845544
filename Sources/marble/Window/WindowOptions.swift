import ArgumentParser
import Foundation
import MarbleApp
import MarbleSDL

/// How the window looks and how the pads feel: options shared by `play` and `replay --window`.
struct WindowOptions: ParsableArguments {
    @Flag(help: "Start in full screen (F11 switches).")
    var fullscreen = false

    @Option(help: ArgumentHelp("Extra game-pad mappings, in SDL's gamecontrollerdb.txt form ($SDL_GAMECONTROLLERCONFIG works too).", valueName: "FILE"))
    var mappings: String?

    @Flag(help: "Use SDL's software renderer.")
    var software = false

    /// Opens the window, or exits 69 with a clear message when there is no display.
    func open() throws -> SDLPlatform {
        var options = SDLPlatform.Options()
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
func runWindow(_ client: LoopClient, on platform: SDLPlatform) throws {
    Signals.install()
    // For marble-bench's launch time only: save and exit as soon as the first frame is shown.
    let exitAfterFirstFrame = ProcessInfo.processInfo.environment["MARBLE_EXIT_AFTER_FIRST_FRAME"] == "1"
    var frames = 0
    FrameLoop.run(client, on: platform, shouldStop: {
        if exitAfterFirstFrame && frames == 1 { client.quit(); exit(0) }
        frames += 1
        return Signals.caught != 0
    })
    if Signals.caught != 0 {
        printError("marble: \(Signals.name): saved")
        throw ExitCode(128 + Signals.caught)
    }
}
