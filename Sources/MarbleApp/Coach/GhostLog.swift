import MarbleKit

/// The ghost's shipped log: four seconds of tilt that roll a ball round a loop, played over and over.
///
/// A table of keyframes, as a tilt log's rows (seconds, tilt x, tilt y in g), read with straight
/// lines between them; the last row runs back into the first, so the loop has no seam. The
/// tilt turns once round a circle of half a g: rolled by the drawing's physics, the ghost
/// draws a loop above where it started and comes back to it.
enum GhostLog {
    /// The rows: (seconds from the loop's start, tilt x, tilt y), in order, the first at 0.
    static let rows: [(t: Double, x: Double, y: Double)] = [
        (0.00, 0.50, 0.00),
        (0.25, 0.46, 0.19),
        (0.50, 0.35, 0.35),
        (0.75, 0.19, 0.46),
        (1.00, 0.00, 0.50),
        (1.25, -0.19, 0.46),
        (1.50, -0.35, 0.35),
        (1.75, -0.46, 0.19),
        (2.00, -0.50, 0.00),
        (2.25, -0.46, -0.19),
        (2.50, -0.35, -0.35),
        (2.75, -0.19, -0.46),
        (3.00, 0.00, -0.50),
        (3.25, 0.19, -0.46),
        (3.50, 0.35, -0.35),
        (3.75, 0.46, -0.19),
    ]

    /// The loop's length in seconds: after it, the first row again.
    static let length = 4.0

    /// The tilt `t` seconds into the log (any t ≥ 0: the log loops).
    static func tilt(at t: Double) -> Vec2 {
        let u = t.truncatingRemainder(dividingBy: length)
        let phase = u.isFinite && u >= 0 ? u : 0
        var k = rows.count - 1
        while k > 0 && rows[k].t > phase { k -= 1 }
        let a = rows[k], b = k + 1 < rows.count ? rows[k + 1] : (t: length, x: rows[0].x, y: rows[0].y)
        let f = b.t > a.t ? (phase - a.t) / (b.t - a.t) : 0
        return Vec2(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
    }
}
