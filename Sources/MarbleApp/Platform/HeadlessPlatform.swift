import MarbleKit

/// A platform with no window: scripted events, a clock that ticks one frame per poll, and the
/// scenes kept instead of drawn. Tests and benchmarks run the app on it.
public final class HeadlessPlatform: Platform {
    public var size: (width: Double, height: Double)
    /// Seconds per frame.
    public var frameTime: Double
    public private(set) var clock = 0.0
    /// Events delivered on the next poll.
    public var pending: [UIEvent] = []
    public private(set) var lastScene: Scene?
    public private(set) var frames = 0
    public private(set) var effects: [AppEffect] = []
    /// The phone page's end, when a test serves one (effects still recorded in `effects`).
    public var phonePage: PhonePagePort?

    public init(width: Double = 1280, height: Double = 800, frameTime: Double = 1.0 / 60) {
        size = (width, height)
        self.frameTime = frameTime
    }

    public func now() -> Double { clock }

    public func poll() -> [UIEvent] {
        clock += frameTime
        var out = pending
        pending = []
        phonePage?.poll(into: &out)
        return out
    }

    public func present(_ scene: Scene, canvas: Canvas?) {
        lastScene = scene
        frames += 1
    }

    public func perform(_ effect: AppEffect) {
        effects.append(effect)
        phonePage?.perform(effect)
    }
}
