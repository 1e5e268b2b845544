import MarbleKit

/// Setup: Real or Easy ball, Easy, Normal or Hard, a shape to trace (or none), the input in use, and Start.
enum SetupScreen {
    /// Where Start sits in the buttons: it has focus first, so Enter starts.
    static let startIndex = 0

    static func scene(_ choice: SetupChoice, pad: InputState.Pad?, phone: String? = nil, pair: MarbleInputs? = nil, _ l: Layout) -> Scene {
        // The physics, then one marble or two, in one row.
        let modes = l.row(count: 4, side: 130, gap: 30, centerY: 200, aspect: 1.35)
        let levels = l.row(count: 3, side: 120, gap: 30, centerY: 355, aspect: 1.6)
        var buttons = [
            Button(.start, icon: .play, label: "Start", rect: l.rect(940, 615, 260, 140), color: Palette.go, key: "Enter"),
            Button(.chooseMode(.real), icon: .realBall, label: "Real ball", rect: modes[0], selected: choice.mode == .real, key: "R"),
            Button(.chooseMode(.fake), icon: .easyBall, label: "Easy ball", rect: modes[1], selected: choice.mode == .fake, key: "F"),
            Button(.chooseMarbles(1), icon: .marbles(1), label: "One", rect: modes[2], color: Palette.players, selected: choice.marbles == 1, key: "P"),
            Button(.chooseMarbles(2), icon: .marbles(2), label: "Two", rect: modes[3], color: Palette.players, selected: choice.marbles == 2, key: "P"),
            Button(.chooseDifficulty(.easy), icon: .level(1), label: "Easy", rect: levels[0], selected: choice.difficulty == .easy, key: "1"),
            Button(.chooseDifficulty(.normal), icon: .level(2), label: "Normal", rect: levels[1], selected: choice.difficulty == .normal, key: "2"),
            Button(.chooseDifficulty(.hard), icon: .level(3), label: "Hard", rect: levels[2], selected: choice.difficulty == .hard, key: "3"),
        ]
        buttons += traceButtons(choice, l)
        buttons.append(Button(.back, icon: .back, label: "Back", rect: l.rect(80, 615, 200, 140), color: Palette.neutral, key: "Esc"))
        let device: (Icon, String)
        if let phone {
            device = (.phone, phone)
        } else if let pad {
            if pad.motionBlocked {
                device = (.tiltBlocked, "\(pad.name): left stick tilts (its tilt is blocked: see the README)")
            } else {
                device = (.gamepad, pad.hasMotion ? "\(pad.name): tilt the pad" : "\(pad.name): left stick tilts")
            }
        } else {
            device = (.keyboard, "Keyboard: arrows tilt · Q/E colour · Space lifts the pen")
        }
        var elements: [Element] = [Titles.title(l, "New drawing")]
        if choice.marbles == 2 {
            // Which input drives which marble.
            let (first, second) = (pair ?? MarbleInputs(InputState())).pictures
            elements += [
                .text("1", l.point(330, 588), .body, Palette.text, .left),
                .icon(first.0, l.rect(356, 560, 56, 56), Palette.dimText),
                .text(first.1, l.point(420, 588), .small, Palette.dimText, .left),
                .text("2", l.point(700, 588), .body, Palette.text, .left),
                .icon(second.0, l.rect(726, 560, 56, 56), Palette.dimText),
                .text(second.1, l.point(790, 588), .small, Palette.dimText, .left),
            ]
        } else {
            elements += [
                .icon(device.0, l.rect(330, 560, 56, 56), Palette.dimText),
                .text(device.1, l.point(400, 588), .small, Palette.dimText, .left),
            ]
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// The trace row: draw freely, or trace a circle, square, star or heart; T takes the next.
    static func traceButtons(_ choice: SetupChoice, _ l: Layout) -> [Button] {
        let row = l.row(count: SetupChoice.traces.count, side: 108, gap: 22, centerY: 492, aspect: 1.6)
        return zip(SetupChoice.traces, row).map { shape, rect in
            Button(.chooseTrace(shape), icon: .trace(shape), label: shape.map(label) ?? "Free", rect: rect,
                   color: shape == nil ? Palette.button : Palette.trace, selected: choice.trace == shape, key: "T")
        }
    }

    /// A shape's word on its button.
    static func label(_ shape: TraceShape) -> String {
        switch shape {
        case .circle: "Circle"
        case .square: "Square"
        case .star: "Star"
        case .heart: "Heart"
        }
    }

    static func key(_ key: Key, _ choice: SetupChoice) -> KeyResponse {
        switch key {
        case .r: .act(.chooseMode(.real))
        case .f: .act(.chooseMode(.fake))
        case .one: .act(.chooseDifficulty(.easy))
        case .two: .act(.chooseDifficulty(.normal))
        case .three: .act(.chooseDifficulty(.hard))
        case .t: .act(.nextTrace)
        // P: players, one or two.
        case .p: .act(.chooseMarbles(choice.marbles == 2 ? 1 : 2))
        default: .navigate
        }
    }
}
