import MarbleKit

/// Hand in: "who are you?" as big name buttons, each child's name in their own colour with
/// their own shape; the last to hand in on this machine first.
enum HandInScreen {
    /// `names` in the order shown (the last child first); `marks` each name's colour and shape.
    static func scene(names: [String], marks: [String: Int], _ l: Layout) -> Scene {
        var buttons = [Button(.back, icon: .back, label: tr("Back"), rect: l.rect(30, 24, 150, 110), color: Palette.neutral, key: "Esc")]
        let elements: [Element] = [
            .icon(.tray, l.rect(560, 34, 72, 72), Palette.text),
            .text(tr("Who are you?"), l.point(660, 70), .title, Palette.text, .left),
        ]
        for (k, rect) in grid(names.count, l).enumerated() {
            let name = names[k], mark = marks[name] ?? 0
            buttons.append(Button(.handInAs(name), icon: .nameMark(NameMarks.shape(mark)), label: name, rect: rect,
                                  color: NameMarks.color(mark)))
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// As many big buttons as names, in rows filling the space under the title: a few names
    /// get buttons as big as Home's, a whole class still fits.
    static func grid(_ n: Int, _ l: Layout) -> [Rect] {
        guard n > 0 else { return [] }
        let area = (x: 40.0, y: 160.0, w: 1200.0, h: 620.0), gap = 18.0
        var columns = 1
        // The fewest columns whose rows fit, buttons a little wider than tall.
        while columns < n {
            let rows = (n + columns - 1) / columns
            let w = (area.w - gap * Double(columns - 1)) / Double(columns)
            if Double(rows) * (w * 0.75 + gap) - gap <= area.h { break }
            columns += 1
        }
        let rows = (n + columns - 1) / columns
        let w = min(300, (area.w - gap * Double(columns - 1)) / Double(columns))
        let h = min(w * 0.75, (area.h - gap * Double(rows - 1)) / Double(rows))
        let total = Double(columns) * w + Double(columns - 1) * gap
        let x0 = area.x + (area.w - total) / 2
        return (0..<n).map { k in
            l.rect(x0 + Double(k % columns) * (w + gap), area.y + Double(k / columns) * (h + gap), w, h)
        }
    }

    /// Arrows and Enter choose; Esc goes back.
    static func key(_ key: Key) -> KeyResponse { .navigate }
}
