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
        rows.append([pad ? tr("B, then Done") : "Enter"])
        return rows
    }

    /// The overlay for a drawing of several: a panel over the top of the canvas (the balls
    /// start at its middle, in sight below it; wider for three or four), a column of keys for
    /// each player under their number in their colour.
    static func playerElements(_ seats: [SeatView], _ l: Layout) -> [Element] {
        let wide = seats.count > 2
        let left = wide ? 130.0 : 300.0, top = 128.0, spacing = 44.0
        let panel = l.rect(left, top, wide ? 1020 : 680, 312)
        let x0 = left + (wide ? 110 : 120), dx = wide ? 230.0 : 280.0
        var out: [Element] = [
            .box(panel, Palette.shade, radius: 24 * l.u),
            .icon(.help, l.rect(left + 22, top + 12, 40, 40), Palette.focus),
            .text(tr("Tilt to draw together!"), l.point(left + (wide ? 510 : 340), top + 32), .title, Palette.text, .center),
        ]
        for seat in seats {
            let x = x0 + Double(seat.index) * dx
            out += [
                .box(l.rect(x, top + 56, 26, 26), seat.color, radius: 6 * l.u),
                .text("\(seat.index + 1)", l.point(x + 13, top + 69), .small, Palette.backdrop, .center),
            ]
        }
        let pictures = rows(pad: false, l, at: l.point(left + 40, top + 92), spacing: spacing).map(\.picture)
        for (k, (row, picture)) in zip(playerRows(seats), pictures).enumerated() {
            let y = l.point(0, top + 111 + Double(k) * spacing).y
            out.append(picture)
            for (p, key) in row.enumerated() where !key.isEmpty {
                out.append(.text(key, Point(l.point(x0 + Double(p) * dx, 0).x, y), wide ? .small : .body, Palette.text, .left))
            }
        }
        return out
    }
}
