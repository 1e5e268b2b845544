import MarbleKit

/// How much the child moved, the way a child reads it: laps of tilting, circles turned and
/// seconds moving, each a picture and a number, over a bar that fills as the screen opens.
enum MovementPanel {
    /// Degrees of tilt in one lap: once round a 30° cone (see `MovementMeter`).
    static let degreesPerLap = 180.0
    /// Seconds the bar takes to fill.
    static let fillSeconds = 1.5

    /// The panel's elements in `r`, `age` seconds after the screen opened; with `player`, one
    /// child's panel of a drawing of several, edged in their colour with their number.
    static func elements(_ m: MovementMeter.Figures, duration: Double, age: Double, in r: Rect,
                         player: Int? = nil, _ l: Layout) -> [Element] {
        let grow = min(1, max(0, age / fillSeconds))
        // Ease out: fast at first, settling on the value.
        let shown = 1 - (1 - grow) * (1 - grow)
        let chips: [(Icon, String, RGBA8)] = [
            (.realBall, count(m.tiltDegrees / degreesPerLap * shown), Palette.go),
            (.redo, count(m.turnDegrees / 360 * shown), Palette.button),
            (.stopwatch, tr("{s}s", ["s": Int((m.activeSeconds * shown).rounded())]), Palette.danger),
        ]
        var out: [Element] = [.box(r, Palette.panel, radius: 10 * l.u)]
        if let player { out = [.box(r.inset(-5 * l.u), PlayerColors.color(of: player), radius: 13 * l.u)] + out }
        // Narrow panels (three or four children) take smaller pictures and words.
        let narrow = r.w < 330 * l.u, icon = (narrow ? 28 : 40) * l.u
        let w = r.w / Double(chips.count)
        for (k, chip) in chips.enumerated() {
            let x = r.x + Double(k) * w
            out.append(.icon(chip.0, Rect(x: x + 8 * l.u, y: r.y + 10 * l.u, w: icon, h: icon), chip.2))
            out.append(.text(chip.1, Point(x + 12 * l.u + icon, r.y + 40 * l.u), narrow ? .small : .body, Palette.text, .left))
        }
        if let player {
            // Their number on the panel's lower edge, in the middle (the title is above it).
            let badge = Rect(x: r.center.x - 15 * l.u, y: r.maxY - 6 * l.u, w: 30 * l.u, h: 26 * l.u)
            out += [.box(badge, PlayerColors.color(of: player), radius: 6 * l.u),
                    .text("\(player + 1)", badge.center, .small, Palette.backdrop, .center)]
        }
        // The bar: the share of the drawing's time spent moving.
        let share = duration > 0 ? min(1, m.activeSeconds / duration) : 0
        let bar = Rect(x: r.x + 10 * l.u, y: r.maxY - 22 * l.u, w: r.w - 20 * l.u, h: 12 * l.u)
        out.append(.box(bar, Palette.neutral, radius: 6 * l.u))
        if share * shown > 0 {
            out.append(.box(Rect(x: bar.x, y: bar.y, w: bar.w * share * shown, h: bar.h), Palette.go, radius: 6 * l.u))
        }
        return out
    }

    /// A count to one decimal below 10, whole above: "0.5", "3.2", "12".
    static func count(_ x: Double) -> String {
        x < 9.95 ? "\((x * 10).rounded() / 10)" : "\(Int(x.rounded()))"
    }
}
