import CSDL2

/// The window's frame timing: whether presenting waits for the display, its rate, and when the
/// last frame went out (without vsync the loop sleeps out the rest of a frame).
struct FramePacing {
    var hasVSync = false
    var refreshRate = 60.0
    var lastPresent: Double?
    /// Ticks of SDL's performance counter a second.
    let frequency = Double(SDL_GetPerformanceFrequency())
}
