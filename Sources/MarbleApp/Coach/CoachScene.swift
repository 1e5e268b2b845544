import MarbleKit

/// The coach's shapes: the ghost marble with its trail, and the tilt pad picture.
enum CoachScene {
    /// The ghost's see-through blue: on white paper and on any paint, it reads as "not yours".
    static let ghostFill = RGBA8(70, 110, 230, 110)
    static let ghostRim = RGBA8(40, 70, 200, 170)
    static let trail = RGBA8(70, 110, 230, 60)

    /// The ghost's trail and ball, placed over the canvas as `place` maps it.
    static func ghost(_ g: Ghost, radius: Double, pen: Double, _ place: CanvasPlacement) -> [Element] {
        let r = max(3, radius * place.scale)
        let points = g.trail.map { place.point($0) }
        let center = place.point(g.ball.position)
        return [.dots(points, radius: max(1.5, pen / 2 * place.scale), trail),
                .dots([center], radius: r, ghostFill),
                .ring(center: center, radius: r, width: max(2, r * 0.18), color: ghostRim)]
    }

    /// The tilt pad picture in the lower right corner, tipped as `tilt`; `pulse` (0 to 1) rings it.
    static func pad(tilt: Vec2, pulse: Double, _ l: Layout) -> Element {
        .tiltPad(padRect(l), tilt: tilt, pulse: pulse)
    }

    /// Where the tilt pad picture goes: the lower right corner, clear of the buttons along the top.
    static func padRect(_ l: Layout) -> Rect { l.rect(1100, 640, 160, 140) }
}
