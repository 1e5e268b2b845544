import MarbleKit

/// How to draw together, in pictures: each player's way to roll, turn and lift the pen in a
/// column under their number in their colour (their hand's keys, or their pad or phone), then
/// undo and finish, which are everyone's.
extension HelpOverlay {
    /// The rows: what each player presses, row by row; the last two rows one key for all.
    static func playerRows(_ seats: [SeatView]) -> [[String]] {
        let pad = seats.contains { $0.device?.isPhone == false }
        var rows = (0..<3).map { r in seats.map { $0.controls[r] } }
        rows.append([pad ? "D-pad ←  /  →" : "Z  /  Y"])
        rows.append([pad ? "B, then Done" : "Enter"])
        return rows
    }

    /// The overlay for a drawing of several: the one-marble panel's place and pictures (a
    /// wider panel for three or four), a column of keys for each player.
    static func playerElements(_ seats: [SeatView], _ l: Layout) -> [Element] {
        let wide = seats.count > 2
        let panel = wide ? l.rect(130, 440, 1020, 350) : l.rect(300, 440, 680, 350)
        let x0 = wide ? 240.0 : 420.0, dx = wide ? 230.0 : 280.0
        var out: [Element] = [
            .box(panel, Palette.shade, radius: 24 * l.u),
            .icon(.help, l.rect(panel.x / l.u + 22, 452, 44, 44), Palette.focus),
            .text("Tilt to draw together!", l.point(665, 474), .title, Palette.text, .center),
        ]
        for seat in seats {
            let x = x0 + Double(seat.index) * dx
            out += [
                .box(l.rect(x, 490, 26, 28), seat.color, radius: 6 * l.u),
                .text("\(seat.index + 1)", l.point(x + 13, 512), .small, Palette.backdrop, .center),
            ]
        }
        let pictures = rows(pad: false, l, at: l.point(panel.x / l.u + 40, 526)).map(\.picture)
        for (k, (row, picture)) in zip(playerRows(seats), pictures).enumerated() {
            let y = l.point(0, 548 + Double(k) * rowHeight).y
            out.append(picture)
            for (p, key) in row.enumerated() where !key.isEmpty {
                out.append(.text(key, Point(l.point(x0 + Double(p) * dx, 0).x, y), wide ? .small : .body, Palette.text, .left))
            }
        }
        return out
    }
}
