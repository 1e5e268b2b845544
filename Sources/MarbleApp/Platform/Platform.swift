import MarbleKit

/// A window, or a stand-in for one, that the app runs in: the seam between the app and SDL.
public protocol Platform: AnyObject {
    /// Monotonic seconds.
    func now() -> Double
    /// The events since the last call.
    func poll() -> [UIEvent]
    /// The drawable size, in pixels.
    var size: (width: Double, height: Double) { get }
    /// Shows the scene; `.canvas` elements show `canvas`. Waits for the display's refresh when it has one.
    func present(_ scene: Scene, canvas: Canvas?)
    func perform(_ effect: AppEffect)
}

/// What runs in the frame loop: the app, or a log replaying in the window.
public protocol LoopClient: AnyObject {
    /// The window's drawable size, before each frame's events: clicks refer to this layout.
    func resize(width: Double, height: Double)
    func handle(_ event: UIEvent)
    func update(now: Double)
    /// The frame to show at this size; a query, it changes nothing.
    func scene(width: Double, height: Double) -> Scene
    var canvas: Canvas? { get }
    func takeEffects() -> [AppEffect]
    /// Set once the client has saved what it has and wants to exit.
    var finished: Bool { get }
    /// Saves and finishes (a signal or the window's close button).
    func quit()
    /// The frame's scene was shown (work on other threads may use the time until the next).
    func framePresented()
}

extension LoopClient {
    public func framePresented() {}
}

extension App: LoopClient {}

/// The frame loop: events, then the clock, then the picture, at the display's rate.
public enum FrameLoop {
    /// One frame: the client takes the platform's events and the time, and its scene is shown.
    public static func frame(_ client: LoopClient, on platform: Platform) {
        let events = platform.poll()
        let size = platform.size
        client.resize(width: size.width, height: size.height)
        for event in events { client.handle(event) }
        client.update(now: platform.now())
        for effect in client.takeEffects() { platform.perform(effect) }
        guard !client.finished else { return }
        platform.present(client.scene(width: size.width, height: size.height), canvas: client.canvas)
        client.framePresented()
    }

    /// Runs frames until the client finishes; `shouldStop` (a signal arrived) makes it save and finish.
    public static func run(_ client: LoopClient, on platform: Platform, shouldStop: () -> Bool = { false }) {
        while !client.finished {
            if shouldStop() {
                client.quit()
                break
            }
            frame(client, on: platform)
        }
        for effect in client.takeEffects() { platform.perform(effect) }
    }
}
