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
        let dot = max(1.5, pen / 2 * place.scale)
        // Dots no further apart than a dot's radius, so the trail reads as a line at any frame rate.
        var points: [Point] = []
        for p in g.trail.map({ place.point($0) }) {
            if let last = points.last {
                let d = ((p.x - last.x) * (p.x - last.x) + (p.y - last.y) * (p.y - last.y)).squareRoot()
                let n = min(Int(d / dot), 32)
                if n > 0 { for k in 1...n { points.append(Point(last.x + (p.x - last.x) * Double(k) / Double(n + 1), last.y + (p.y - last.y) * Double(k) / Double(n + 1))) } }
            }
            points.append(p)
        }
        let center = place.point(g.ball.position)
        return [.dots(points, radius: dot, trail),
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
