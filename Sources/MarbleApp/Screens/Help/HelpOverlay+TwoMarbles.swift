import MarbleKit

/// How to draw in a drawing of two, in pictures: each marble's way to roll, turn and lift the
/// pen side by side (its hand's keys, or its pad or phone), then undo and finish, which are
/// both children's.
extension HelpOverlay {
    /// What one marble's player presses to roll, to turn the colour and to lift the pen.
    static func keys(_ driver: InputState.Driver, second: Bool) -> [String] {
        switch driver {
        case .keys: second ? ["Arrow keys", ",  /  .", "Hold Right Shift"] : ["W A S D", "Q  /  E", "Hold Space"]
        case .pad, .secondPad: ["Stick or tilt", "Shoulders", "Hold A"]
        case .phone, .secondPhone: ["Tilt the phone", "L1  /  R1", "Hold ✕"]
        }
    }

    /// The rows: a picture, marble 1's key, marble 2's key (the last two rows, one key for both).
    static func duetRows(_ drivers: (first: InputState.Driver, second: InputState.Driver)) -> [(first: String, second: String)] {
        let a = keys(drivers.first, second: false), b = keys(drivers.second, second: true)
        let pad = drivers.first == .pad || drivers.second == .pad
        return Array(zip(a, b)) + [(pad ? "D-pad ←  /  →" : "Z  /  Y", ""), (pad ? "B, then Done" : "Enter", "")]
    }

    /// The overlay for a drawing of two: the one-marble panel's place and pictures, with a
    /// column of keys for each marble under its number.
    static func duetElements(_ drivers: (first: InputState.Driver, second: InputState.Driver), _ l: Layout) -> [Element] {
        let panel = l.rect(300, 440, 680, 350)
        var out: [Element] = [
            .box(panel, Palette.shade, radius: 24 * l.u),
            .icon(.help, l.rect(322, 452, 44, 44), Palette.focus),
            .text("Tilt to draw together!", l.point(665, 474), .title, Palette.text, .center),
            .text("1", l.point(420, 506), .small, Palette.dimText, .left),
            .text("2", l.point(700, 506), .small, Palette.dimText, .left),
        ]
        let pictures = rows(pad: false, l, at: l.point(340, 516)).map(\.picture)
        for (k, (row, picture)) in zip(duetRows(drivers), pictures).enumerated() {
            let y = l.point(0, 538 + Double(k) * rowHeight).y
            out.append(picture)
            out.append(.text(row.first, Point(l.point(420, 0).x, y), .body, Palette.text, .left))
            if !row.second.isEmpty { out.append(.text(row.second, Point(l.point(700, 0).x, y), .body, Palette.text, .left)) }
        }
        return out
    }
}
