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

    /// The first marble of a session as shown here; at least 3 px, so a small window still shows it.
    func ball(_ session: ReadOnlySession) -> Element {
        ball(session.marbles[0], session)
    }

    /// A marble of a session as shown here.
    func ball(_ m: Marble, _ session: ReadOnlySession) -> Element {
        marble(m.ball.position, session, color: m.color, penDown: m.penDown, erasing: m.erasing)
    }

    /// Marble `k` of a session as shown here; `tagged` (players drawing together), with a
    /// ring in its player's colour round it and its number on it, so each child sees which is theirs.
    func balls(_ session: ReadOnlySession, marble k: Int, tagged: Bool) -> [Element] {
        let m = session.marbles[k]
        let ball = ball(m, session)
        guard tagged else { return [ball] }
        let center = point(m.ball.position), radius = max(3, session.configuration.parameters.ballRadius * scale)
        return [.ring(center: center, radius: radius + max(2, radius * 0.2), width: max(3, radius * 0.32), color: PlayerColors.color(of: k)),
                ball,
                .text("\(k + 1)", center, .small, m.penDown && !m.erasing ? Palette.text : Palette.backdrop, .center)]
    }

    private func marble(_ position: Vec2, _ session: ReadOnlySession, color: RGBA8, penDown: Bool, erasing: Bool) -> Element {
        let center = point(position), radius = max(3, session.configuration.parameters.ballRadius * scale)
        if erasing && penDown { return .eraserBall(center: center, radius: radius) }
        return .ball(center: center, radius: radius, color: color, penDown: penDown)
    }
}
