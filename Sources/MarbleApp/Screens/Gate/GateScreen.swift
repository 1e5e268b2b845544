import MarbleKit

/// The grown-up gate before Settings ▸ Class: the number asked for in words, nine numbers
/// (drawn as figures, never as words) to hold down, how long it has been held, and why it
/// started over.
enum GateScreen {
    /// The first number's place among the buttons (Back is the first).
    static let firstChoice = 1

    static func scene(_ gate: GrownUpGate, now: Double, _ l: Layout) -> Scene {
        let row = l.row(count: GrownUpGate.choices.count, side: 150, gap: 14, centerY: 420, aspect: 0.76)
        var buttons = [Button(.back, icon: .back, label: tr("Back"), rect: l.rect(30, 24, 150, 110), color: Palette.neutral, key: "Esc")]
        for (k, n) in GrownUpGate.choices.enumerated() {
            buttons.append(Button(.gateChoice(n), icon: .numeral(n), label: "", rect: row[k], color: Palette.button))
        }
        // The number in words, on a line of its own: what a grown-up reads and a child cannot.
        var elements: [Element] = [
            .icon(.key, l.rect(430, 34, 72, 72), Palette.text),
            .text(tr("For grown-ups"), l.point(520, 70), .title, Palette.text, .left),
            .text(tr("Hold down this number for three seconds:"), l.point(640, 168), .body, Palette.dimText, .center),
            .text(gate.askedWord, l.point(640, 226), .title, Palette.text, .center),
            .text(tr("Click and hold it, or choose it with the arrows and hold Enter (a pad: the D-pad, then hold A)."),
                  l.point(640, 284), .small, Palette.dimText, .center),
        ]
        // The hold's bar fills in three seconds, under the number held.
        let track = l.rect(340, 555, 600, 30)
        let done = gate.progress(at: now)
        elements += [
            .icon(.clock, l.rect(280, 550, 40, 40), gate.hold == nil ? Palette.dimText : Palette.text),
            .box(track, Palette.panel, radius: 15 * l.u),
        ]
        if done > 0 {
            elements.append(.box(Rect(x: track.x, y: track.y, w: max(track.h, track.w * done), h: track.h), Palette.go, radius: 15 * l.u))
        }
        if let miss = gate.miss, gate.hold == nil {
            let line = miss == .tooSoon ? tr("Let go too soon: hold it for the full three seconds. A new number is asked above.")
                                        : tr("Not that number. A new number is asked above.")
            elements.append(.text(line, l.point(640, 640), .small, Palette.danger, .center))
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// Arrows choose a number, Enter or Space held holds it down (the gate takes those first;
    /// on Back they go back), Esc goes back; no other key does anything here.
    static func key(_ key: Key) -> KeyResponse {
        switch key {
        case .up, .down, .left, .right, .enter, .space, .escape: .navigate
        default: .ignore
        }
    }
}
