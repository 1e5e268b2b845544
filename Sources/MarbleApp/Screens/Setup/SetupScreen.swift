import MarbleKit

/// Setup: Real or Easy ball, Easy, Normal or Hard, a shape to trace (or none), the input in use, and Start.
enum SetupScreen {
    /// Where Start sits in the buttons: it has focus first, so Enter starts.
    static let startIndex = 0

    static func scene(_ choice: SetupChoice, seats: [SeatView] = [SeatView(index: 0, hand: .whole)], phone: String? = nil, _ l: Layout) -> Scene {
        // The physics, then how many marbles (1 to 4), in one row; each at least 160 wide, the
        // width below which a button draws its icon small under its key hint (SDLPlatform+Draw).
        let modes = l.row(count: 6, side: 112, gap: 16, centerY: 200, aspect: 1.45)
        let levels = l.row(count: 3, side: 120, gap: 30, centerY: 355, aspect: 1.6)
        var buttons = [
            Button(.start, icon: .play, label: tr("Start"), rect: l.rect(940, 615, 260, 140), color: Palette.go, key: "Enter"),
            Button(.chooseMode(.real), icon: .realBall, label: tr("Real ball"), rect: modes[0], selected: choice.mode == .real, key: "R"),
            Button(.chooseMode(.fake), icon: .easyBall, label: tr("Easy ball"), rect: modes[1], selected: choice.mode == .fake, key: "F"),
        ]
        for n in 1...SessionConfiguration.maxMarbles {
            buttons.append(Button(.chooseMarbles(n), icon: .marbles(n), label: [tr("One"), tr("Two"), tr("Three"), tr("Four")][n - 1], rect: modes[n + 1],
                                  color: Palette.players, selected: choice.marbles == n, key: "P"))
        }
        buttons += [
            Button(.chooseDifficulty(.easy), icon: .level(1), label: tr("Easy"), rect: levels[0], selected: choice.difficulty == .easy, key: "1"),
            Button(.chooseDifficulty(.normal), icon: .level(2), label: tr("Normal"), rect: levels[1], selected: choice.difficulty == .normal, key: "2"),
            Button(.chooseDifficulty(.hard), icon: .level(3), label: tr("Hard"), rect: levels[2], selected: choice.difficulty == .hard, key: "3"),
        ]
        buttons += traceButtons(choice, l)
        // What the drawing is painted over: the empty board, or the photo chosen (its picture).
        buttons.append(Button(.pictures, icon: .picture(choice.picture != nil), label: choice.picture == nil ? tr("Empty") : choice.picture?.kind == .page ? tr("Page") : tr("Photo"),
                              rect: l.rect(680, 630, 200, 130), color: Palette.button, key: "I", picture: choice.picture?.path))
        buttons.append(Button(.back, icon: .back, label: tr("Back"), rect: l.rect(80, 615, 200, 140), color: Palette.neutral, key: "Esc"))
        var elements: [Element] = [Titles.title(l, tr("New drawing"))]
        if choice.marbles > 1 {
            // Which input drives which player: their number in their colour, their device's
            // picture and name; a player with none yet says so.
            // Between the trace row and the bottom buttons: one line of two, or two of two.
            for seat in seats.prefix(choice.marbles) {
                // Each column ends where the next begins (or at the window's edge).
                let (x, end) = seat.index % 2 == 0 ? (250.0, 630.0) : (640.0, 1260.0)
                let y = choice.marbles <= 2 ? 580.0 : (seat.index < 2 ? 566.0 : 598.0)
                let (icon, words) = seat.picture
                elements += [
                    .box(l.rect(x, y - 14, 30, 28), seat.color, radius: 7 * l.u),
                    .text("\(seat.index + 1)", l.point(x + 15, y), .small, Palette.backdrop, .center),
                    .icon(icon, l.rect(x + 38, y - 14, 28, 28), seat.isSeated ? Palette.dimText : Palette.danger),
                    // A long device name is shrunk to its column, not run into the next.
                    .text(words, l.point(x + 74, y), .small, seat.isSeated ? Palette.dimText : Palette.danger, .left,
                          maxWidth: (end - x - 74) * l.u),
                ]
            }
        } else {
            var (icon, words) = seats.first?.picture ?? (.keyboard, Hand.whole.keys.words)
            if seats.first?.device == nil {
                // The keyboard alone, or a phone set that stands in for it once it sends.
                (icon, words) = phone.map { (Icon.phone, $0) } ?? (.keyboard, tr("Keyboard: arrows tilt · Q/E colour · Space lifts the pen"))
            }
            elements += [
                .icon(icon, l.rect(330, 560, 56, 56), Palette.dimText),
                .text(words, l.point(400, 588), .small, Palette.dimText, .left),
            ]
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// The trace row: draw freely, or trace a circle, square, star or heart; T takes the next.
    static func traceButtons(_ choice: SetupChoice, _ l: Layout) -> [Button] {
        let row = l.row(count: SetupChoice.traces.count, side: 108, gap: 22, centerY: 492, aspect: 1.6)
        return zip(SetupChoice.traces, row).map { shape, rect in
            Button(.chooseTrace(shape), icon: .trace(shape), label: shape.map(label) ?? tr("Free"), rect: rect,
                   color: shape == nil ? Palette.button : Palette.trace, selected: choice.trace == shape, key: "T")
        }
    }

    /// A shape's word on its button.
    static func label(_ shape: TraceShape) -> String {
        switch shape {
        case .circle: tr("Circle")
        case .square: tr("Square")
        case .star: tr("Star")
        case .heart: tr("Heart")
        }
    }

    static func key(_ key: Key, _ choice: SetupChoice) -> KeyResponse {
        switch key {
        case .i: .act(.pictures)
        case .r: .act(.chooseMode(.real))
        case .f: .act(.chooseMode(.fake))
        case .one: .act(.chooseDifficulty(.easy))
        case .two: .act(.chooseDifficulty(.normal))
        case .three: .act(.chooseDifficulty(.hard))
        case .t: .act(.nextTrace)
        // P: players, 1 → 2 → 3 → 4 → 1.
        case .p: .act(.nextMarbles)
        default: .navigate
        }
    }
}
