import CSDL2
import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp
@testable import MarbleSDL

/// Every SDL test runs inside this one serialized suite: SDL is process-wide state, so the
/// nested suites (one per file) must not run at the same time. Each test makes its own
/// `SDLPlatform`, whose init and deinit do `SDL_Init` and `SDL_Quit`.
@Suite("SDL (dummy video driver)", .serialized)
struct SDLTests {}

/// The real SDL platform with a test clock: each poll is 1/60 s later, so physics and
/// key ramps do not depend on how fast the machine runs the frames.
final class SteppedPlatform: Platform {
    let sdl: SDLPlatform
    let frameTime = 1.0 / 60
    private(set) var clock = 0.0
    private(set) var effects: [AppEffect] = []

    init(_ sdl: SDLPlatform) { self.sdl = sdl }

    func now() -> Double { clock }
    func poll() -> [UIEvent] {
        clock += frameTime
        return sdl.poll()
    }
    var size: (width: Double, height: Double) { sdl.size }
    /// The last frame's scene and canvas, as presented.
    private(set) var presented: (scene: Scene, canvas: Canvas?)?
    func present(_ scene: Scene, canvas: Canvas?) {
        presented = (scene, canvas)
        sdl.present(scene, canvas: canvas)
    }
    func perform(_ effect: AppEffect) {
        effects.append(effect)
        sdl.perform(effect)
    }
}

/// A temp store, an `SDLPlatform` on the dummy driver (hidden, software renderer, no pacing)
/// and an `App` on them.
final class SDLHarness {
    let folder: TempFolder
    let store: DrawingStateStore
    let sdl: SDLPlatform
    let platform: SteppedPlatform
    let app: App

    /// `beforeWindow` runs after the environment is set and before SDL opens the window
    /// (to plug in a pad before the app starts); `speak` is the window's voice (nil: silent).
    init(width: Int = 640, height: Int = 400, environment: Environment = .system,
         beforeWindow: () throws -> Void = {}, speak: ((Speech) -> Void)? = nil) throws {
        // Set once: other suites run in parallel, and setenv races with their getenv.
        for name in ["SDL_VIDEODRIVER", "SDL_AUDIODRIVER"] where getenv(name).map({ String(cString: $0) }) != "dummy" {
            setenv(name, "dummy", 1)
        }
        try beforeWindow()
        folder = try TempFolder("sdl-tests")
        store = try DrawingStateStore(root: folder.path, environment: environment)
        var options = SDLPlatform.Options(files: PlatformFiles(io: environment.io))
        options.width = width
        options.height = height
        options.hidden = true
        options.software = true
        options.pace = false
        options.speak = speak
        sdl = try SDLPlatform(options: options)
        platform = SteppedPlatform(sdl)
        app = App(store: store, exportFolder: folder.path("exports"))
    }

    /// The store's root: the folder itself.
    var root: String { folder.path }

    var session: ReadOnlySession? { app.drawing?.session }
    var windowID: UInt32 { SDL_GetWindowID(sdl.window) }

    func frame() { FrameLoop.frame(app, on: platform) }
    func frames(_ n: Int) { for _ in 0..<n { frame() } }

    // MARK: - Pushed events

    func push(_ e: SDL_Event) {
        var e = e
        #expect(SDL_PushEvent(&e) == 1, "SDL_PushEvent: \(String(cString: SDL_GetError()))")
    }

    func key(_ sym: SDL_KeyCode, down: Bool, ctrl: Bool = false, isRepeat: Bool = false) {
        var k = SDL_KeyboardEvent()
        k.type = down ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
        k.windowID = windowID
        k.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        k.repeat = isRepeat ? 1 : 0
        k.keysym.sym = SDL_Keycode(bitPattern: sym.rawValue)
        k.keysym.mod = ctrl ? UInt16(KMOD_LCTRL.rawValue) : 0
        var e = SDL_Event()
        e.key = k
        push(e)
    }

    /// A key pressed and released, then one frame.
    func tap(_ sym: SDL_KeyCode) {
        key(sym, down: true)
        key(sym, down: false)
        frame()
    }

    func sensor(_ type: SDL_SensorType, _ x: Float, _ y: Float, _ z: Float, us: UInt64) {
        var s = SDL_ControllerSensorEvent()
        s.type = SDL_CONTROLLERSENSORUPDATE.rawValue
        s.which = sdl.padInstances.first ?? -1
        s.sensor = type.rawValue
        s.data = (x, y, z)
        s.timestamp_us = us
        var e = SDL_Event()
        e.csensor = s
        push(e)
    }

    func quit() {
        var e = SDL_Event()
        e.type = SDL_QUIT.rawValue
        push(e)
    }

    /// Home → New → Start, through pushed keys.
    func startDrawing() {
        tap(SDLK_n)
        tap(SDLK_RETURN)
        frame()
    }
}

/// A pad made by SDL's virtual joystick driver with the automatic game-controller mapping:
/// axes 0–5 are left x/y, right x/y, triggers; buttons 0–14 follow SDL_GameControllerButton
/// (A, B, X, Y, Back, Guide, Start, sticks, shoulders, D-pad up/down/left/right).
final class VirtualPad {
    let instance: SDL_JoystickID

    init() throws {
        let index = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, 6, 15, 0)
        try #require(index >= 0, "SDL_JoystickAttachVirtual: \(String(cString: SDL_GetError()))")
        instance = SDL_JoystickGetDeviceInstanceID(index)
    }

    /// The open joystick behind the platform's pad.
    static func joystick(_ h: SDLHarness) throws -> OpaquePointer {
        try #require(SDL_JoystickFromInstanceID(h.sdl.padInstances.first ?? -1))
    }

    static func axis(_ h: SDLHarness, _ axis: SDL_GameControllerAxis, _ value: Int16) throws {
        #expect(SDL_JoystickSetVirtualAxis(try joystick(h), axis.rawValue, value) == 0)
    }

    static func button(_ h: SDLHarness, _ button: SDL_GameControllerButton, _ down: Bool) throws {
        #expect(SDL_JoystickSetVirtualButton(try joystick(h), button.rawValue, down ? 1 : 0) == 0)
    }

    /// This pad's stick axis, whichever pad of the platform it is (its own instance).
    func axis(_ axis: SDL_GameControllerAxis, _ value: Int16) throws {
        #expect(SDL_JoystickSetVirtualAxis(try #require(SDL_JoystickFromInstanceID(instance)), axis.rawValue, value) == 0)
    }

    /// Unplugs it (device indices shift as pads come and go, so it is found by instance).
    func detach() {
        let index = (0..<SDL_NumJoysticks()).first { SDL_JoystickGetDeviceInstanceID($0) == instance }
        #expect(index.map { SDL_JoystickDetachVirtual($0) } == 0)
    }
}
