import MarbleKit

/// Where a canvas sits in the window: letterboxed into an area, and how canvas points map there.
///
/// The one mapping from canvas pixels to window pixels, for the drawing screen, the end screen
/// and the replay player.
struct CanvasPlacement: Equatable, Sendable {
    /// The canvas's rectangle in window pixels.
    let rect: Rect
    /// Window pixels per canvas pixel.
    let scale: Double

    /// A canvas of `width`×`height` pixels fitted, centred, into `area`.
    init(width: Int, height: Int, in area: Rect) {
        rect = area.fitting(width: Double(width), height: Double(height))
        scale = width > 0 ? rect.w / Double(width) : 0
    }

    /// A canvas point (pixels, y down) in window pixels.
    func point(_ p: Vec2) -> Point { Point(rect.x + p.x * scale, rect.y + p.y * scale) }

    /// The marble of a session as shown here; at least 3 px, so a small window still shows it.
    /// The second marble of a drawing of two, as `ball` draws the first.
    func secondBall(_ session: ReadOnlySession) -> Element? {
        guard let m = session.second else { return nil }
        let center = point(m.ball.position), radius = max(3, session.configuration.parameters.ballRadius * scale)
        if m.erasing && m.penDown { return .eraserBall(center: center, radius: radius) }
        return .ball(center: center, radius: radius, color: m.color, penDown: m.penDown)
    }

    func ball(_ session: ReadOnlySession) -> Element {
        let center = point(session.ball.position), radius = max(3, session.configuration.parameters.ballRadius * scale)
        if session.erasing && session.penDown { return .eraserBall(center: center, radius: radius) }
        return .ball(center: center, radius: radius, color: session.color, penDown: session.penDown)
    }
}
