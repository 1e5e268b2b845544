import MarbleKit

/// How to draw, in pictures, over the drawing: tilt, turn the colour, lift the pen, undo, finish,
/// for the input in use (keys or pad). It shows on the first drawing of an empty store, goes at
/// the first tilt, and F1 or the ? button shows and hides it.
enum HelpOverlay {
    /// One row: a picture, the key or button, what it does.
    struct Row: Equatable {
        var picture: Element
        var key: String
        var does: String
    }

    /// The rows for the keyboard, or for a pad.
    static func rows(pad: Bool, _ l: Layout, at origin: Point, spacing: Double = rowHeight) -> [Row] {
        let side = min(44, spacing - 6) * l.u
        func at(_ k: Int) -> Rect { Rect(x: origin.x, y: origin.y + Double(k) * spacing * l.u, w: side, h: side) }
        func center(_ k: Int) -> Point { at(k).center }
        let colour = HeadingColor.color(heading: 40)
        let tilt: Element = .icon(pad ? .gamepad : .keyboard, at(0), Palette.text)
        let turn: Element = .heading(center: center(1), radius: side / 2, degrees: 40, color: colour)
        let pen: Element = .icon(.penUp, at(2), Palette.text)
        let undo: Element = .icon(.undo, at(3), Palette.text)
        let done: Element = .icon(.check, at(4), Palette.go)
        if pad {
            return [Row(picture: tilt, key: tr("Left stick (or tilt the pad)"), does: tr("roll the ball")),
                    Row(picture: turn, key: tr("Shoulders or right stick"), does: tr("change the colour")),
                    Row(picture: pen, key: tr("Hold A"), does: tr("lift the pen")),
                    Row(picture: undo, key: "D-pad ←  /  →", does: tr("undo / redo")),
                    Row(picture: done, key: tr("B, then Done"), does: tr("finish"))]
        }
        // A child alone's keys, as the keyboard's table says them.
        let keys = Hand.whole.keys.rows
        return [Row(picture: tilt, key: keys[0], does: tr("roll the ball")),
                Row(picture: turn, key: keys[1], does: tr("change the colour")),
                Row(picture: pen, key: keys[2], does: tr("lift the pen")),
                Row(picture: undo, key: "Z  /  Y", does: tr("undo / redo")),
                Row(picture: done, key: "Enter", does: tr("finish"))]
    }

    /// Design units from one row to the next.
    static let rowHeight = 56.0

    /// The overlay's shapes: a panel in the lower half (the ball starts in the middle, in
    /// sight), with a row for each thing to do.
    static func elements(pad: Bool, _ l: Layout) -> [Element] {
        let panel = l.rect(300, 440, 680, 350)
        var out: [Element] = [
            .box(panel, Palette.shade, radius: 24 * l.u),
            .icon(.help, l.rect(322, 452, 44, 44), Palette.focus),
            .text(tr("Tilt to draw!"), l.point(640, 474), .title, Palette.text, .center),
        ]
        for (k, row) in rows(pad: pad, l, at: l.point(340, 510)).enumerated() {
            let y = l.point(0, 532 + Double(k) * rowHeight).y
            out.append(row.picture)
            out.append(.text(row.key, Point(l.point(420, 0).x, y), .body, Palette.text, .left))
            out.append(.text(row.does, Point(l.point(950, 0).x, y), .small, Palette.dimText, .right))
        }
        return out
    }
}
