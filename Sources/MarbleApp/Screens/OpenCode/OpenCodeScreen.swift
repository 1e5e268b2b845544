import MarbleKit

/// Gallery ▸ Open a code: six big boxes for the code's letters, Open, and while it is fetched
/// a clock; if it opened nothing, why (no such code, or the class folder's picture).
enum OpenCodeScreen {
    static func scene(_ entry: CodeEntry, _ l: Layout) -> Scene {
        var elements: [Element] = [
            .icon(.cloudDown, l.rect(420, 30, 80, 80), Palette.text),
            .text(tr("Open a code"), l.point(520, 70), .title, Palette.text, .left),
        ]
        // One box a letter, the next to type edged in the focus colour.
        let letters = Array(entry.typed)
        let side = 120.0, gap = 20.0
        let x0 = (1280 - 6 * side - 5 * gap) / 2
        for k in 0..<DrawingCode.length {
            let r = l.rect(x0 + Double(k) * (side + gap), 200, side, side * 1.2)
            if k == letters.count && !entry.fetching { elements.append(.box(r.inset(-5 * l.u), Palette.focus, radius: 18 * l.u)) }
            elements.append(.box(r, Palette.panel, radius: 14 * l.u))
            if k < letters.count { elements.append(.text(String(letters[k]), r.center, .huge, Palette.text, .center)) }
        }
        let ready = entry.code != nil && !entry.fetching
        let buttons = [
            Button(.back, icon: .back, label: tr("Back"), rect: l.rect(30, 24, 150, 110), color: Palette.neutral, key: "Esc"),
            Button(.fetchCode, icon: entry.fetching ? .clock : .cloudDown, label: entry.fetching ? "…" : tr("Open"),
                   rect: l.rect(530, 420, 220, 170), color: ready ? Palette.go : Palette.neutral, key: "Enter"),
        ]
        if let failed = entry.failed {
            let icon: Icon = switch failed {
            case .noSuchCode: .cross
            case .folder(let reason): HandInView.icon(of: reason)
            }
            elements += [
                .icon(icon, l.rect(440, 630, 70, 70), Palette.danger),
                .text(failed == .noSuchCode ? tr("No drawing has this code") : tr("The class folder did not answer"),
                      l.point(530, 665), .body, Palette.text, .left),
            ]
        } else {
            elements.append(.text(tr("Type the six letters and numbers, then Enter"), l.point(640, 665), .small, Palette.dimText, .center))
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// Letters and digits are typed (as text); Enter opens, Backspace takes one back, Esc goes back.
    static func key(_ key: Key, _ entry: CodeEntry) -> KeyResponse {
        switch key {
        case .enter: entry.code != nil && !entry.fetching ? .act(.fetchCode) : .ignore
        case .backspace, .delete: .act(.eraseCode)
        case .escape: .act(.back)
        case .up, .down, .left, .right, .space: .navigate
        default: .ignore
        }
    }
}
