import CSDL2
import Foundation
import MarbleApp
import MarbleKit

/// Why the window could not be made.
public enum PlatformError: Error, CustomStringConvertible {
    /// No display to open a window on (no X server, or `DISPLAY` unset).
    case noDisplay(String)
    case sdl(String)

    public var description: String {
        switch self {
        case .noDisplay(let why): return "no display was found (\(why))"
        case .sdl(let why): return why
        }
    }
}

/// The app's window on SDL2: events in, scenes out, pads and their sensors.
///
/// Only this target touches SDL. Everything it draws comes from a `Scene`; the canvas goes to a
/// streaming texture of which only the dirty rectangle is uploaded each frame.
public final class SDLPlatform: Platform {
    public struct Options {
        public var title = "Marble"
        public var width = 1280
        public var height = 800
        public var fullscreen = false
        /// Start hidden (benchmarks and tests under the dummy driver).
        public var hidden = false
        /// Force SDL's software renderer (exact pixels; the benchmark's renderer).
        public var software = false
        /// Sleep to the display's rate when the renderer has no vsync.
        public var pace = true
        /// Extra pad mappings in gamecontrollerdb.txt form.
        public var mappingsFile: String?
        public var fontPath: String?
        /// Starts the phone page's server when the app asks (the environment's); nil: none.
        public var servePhonePage: PhonePageStarter?
        /// Says a sentence with the voice (the program's `Speaker`, which never waits); nil: silent.
        public var speak: ((Speech) -> Void)?
        /// The files the window reads (pictures, a pad's hidraw entries), through the
        /// environment's disk: the window opens none itself.
        public var files: PlatformFiles

        public init(files: PlatformFiles) { self.files = files }
    }

    let window: OpaquePointer
    let renderer: OpaquePointer
    /// The options it opened with; `fullscreen` then follows the window as F11 toggles it.
    var options: Options
    /// The display's rate and the last frame's time, for sleeping out a frame without vsync.
    var pacing = FramePacing()
    /// The canvas's texture and what each frame drew over it.
    var canvasLayer = CanvasLayer()
    /// Textures kept from frame to frame: texts, balls and rings.
    var caches: DrawCaches
    var buttonCache = ButtonCache()
    var pictures = PictureCache()
    /// The pads open, and what the app has still to hear of them.
    var pads = OpenPads()
    var warn: (String) -> Void
    /// The phone or handheld's DSU socket, opened when the app asks.
    lazy var motion = MotionPort(warn: warn)
    /// The phone page's server, started and stopped when the app asks.
    lazy var phonePage = PhonePagePort(start: options.servePhonePage, warn: warn)
    /// Where a blocked pad's hidraw nodes are looked for (tests point these at a folder).
    public var hidrawRoots: (sys: String, dev: String) {
        get { pads.hidrawRoots }
        set { pads.hidrawRoots = newValue }
    }

    /// Opens SDL's video and pad subsystems and a window; throws `.noDisplay` when there is no display.
    public init(options: Options, warn: @escaping (String) -> Void = { _ in }) throws(PlatformError) {
        self.options = options
        self.warn = warn
        // Our own signal handlers save the drawing; SDL's would only post a quit event.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // Pads keep working when another window has the keyboard (and always under the dummy driver).
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        // A DualShock 4 or DualSense over Bluetooth sends its sensors only in enhanced reports,
        // which these hints turn on.
        SDL_SetHint(SDL_HINT_JOYSTICK_HIDAPI_PS4_RUMBLE, "1")
        SDL_SetHint(SDL_HINT_JOYSTICK_HIDAPI_PS5_RUMBLE, "1")
        let env = ProcessInfo.processInfo.environment
        let chosen = env["SDL_VIDEODRIVER"].map { !$0.isEmpty } ?? false
        if !chosen && (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty {
            throw .noDisplay("DISPLAY and WAYLAND_DISPLAY are not set")
        }
        if SDL_Init(MARBLE_INIT_VIDEO | MARBLE_INIT_EVENTS) != 0 {
            throw .noDisplay(String(cString: SDL_GetError()))
        }
        // SDL falls back on windows nobody can see; only a test or benchmark asks for those.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if !chosen && (driver == "offscreen" || driver == "dummy") {
            SDL_Quit()
            throw .noDisplay("SDL found only its \(driver) driver")
        }
        if SDL_InitSubSystem(MARBLE_INIT_GAMECONTROLLER) != 0 {
            warn("game controllers are off: \(String(cString: SDL_GetError()))")
        }
        if TTF_Init() != 0 { warn("text is off: \(String(cString: SDL_GetError()))") }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        flags |= options.hidden ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
        if options.fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        guard let w = SDL_CreateWindow(options.title, MARBLE_WINDOWPOS_CENTERED, MARBLE_WINDOWPOS_CENTERED,
                                       Int32(options.width), Int32(options.height), flags) else {
            let why = String(cString: SDL_GetError())
            SDL_Quit()
            throw .noDisplay(why)
        }
        let rflags = options.software ? SDL_RENDERER_SOFTWARE.rawValue
            : SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let r = SDL_CreateRenderer(w, -1, rflags) ?? SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            let why = String(cString: SDL_GetError())
            SDL_DestroyWindow(w)
            SDL_Quit()
            throw .sdl("cannot draw in the window: \(why)")
        }
        window = w
        renderer = r
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(r, &info) == 0 {
            pacing.hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
            canvasLayer.isSoftware = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        }
        var mode = SDL_DisplayMode()
        if SDL_GetWindowDisplayMode(w, &mode) == 0, mode.refresh_rate >= 20 { pacing.refreshRate = Double(mode.refresh_rate) }
        caches = DrawCaches(text: TextCache(fontPath: options.fontPath ?? TextCache.findFont(), warn: warn))
        buttonCache.drawsToTextures = SDL_RenderTargetSupported(r) == SDL_TRUE
        if let file = options.mappingsFile { loadMappings(file) }
        openFirstPad()
    }

    deinit {
        canvasLayer.texture.destroy()
        caches.destroy()
        buttonCache.destroy()
        pictures.destroy()
        for p in pads.open { SDL_GameControllerClose(p.controller) }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        TTF_Quit()
        SDL_Quit()
    }

    /// The video driver SDL chose ("x11", "wayland", "dummy", …).
    public var videoDriver: String { SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?" }

    /// The renderer SDL chose ("software", "opengl", …).
    public var rendererName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "?" }
        return String(cString: name)
    }

    public func now() -> Double { Double(SDL_GetPerformanceCounter()) / pacing.frequency }

    public var size: (width: Double, height: Double) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Double(w), Double(h))
    }

    public func perform(_ effect: AppEffect) {
        switch effect {
        case .toggleFullscreen:
            options.fullscreen.toggle()
            SDL_SetWindowFullscreen(window, options.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
        case .quit:
            SDL_HideWindow(window)
        case .motionServer, .sendMotion:
            motion.perform(effect)
        case .servePhonePage, .offerPhoneSeats, .tellPhoneSeat, .stopPhonePage:
            phonePage.perform(effect)
        case .speak(let speech):
            options.speak?(speech)
        }
    }

    public func present(_ scene: Scene, canvas: Canvas?) {
        draw(scene, canvas: canvas)
        SDL_RenderPresent(renderer)
        pace()
    }

    /// Without vsync, sleeps out the rest of the display's frame so the loop does not spin.
    func pace() {
        let t = now()
        defer { pacing.lastPresent = now() }
        guard options.pace, !pacing.hasVSync, let last = pacing.lastPresent else { return }
        let wait = 1 / pacing.refreshRate - (t - last)
        if wait > 0.001 { SDL_Delay(UInt32(wait * 1000)) }
    }

    /// The canvas texture's pixels as uploaded, drawn 1:1 into the top-left corner and read
    /// back (tests: proves the dirty-rectangle uploads reproduce the canvas).
    public func readCanvasTexture(width: Int, height: Int) -> [UInt8] {
        guard let texture = canvasLayer.texture.texture else { return [] }
        canvasLayer.damage.forget()
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        var dst = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        SDL_RenderCopy(renderer, texture, nil, &dst)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        var src = dst
        bytes.withUnsafeMutableBytes {
            _ = SDL_RenderReadPixels(renderer, &src, SDL_PIXELFORMAT_RGBA32.rawValue, $0.baseAddress, Int32(width * 4))
        }
        return bytes
    }
}
