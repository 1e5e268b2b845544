import MarbleKit

/// The phone or handheld: its address (typed once by a grown-up), whether it is sending, and
/// the calibration in two pictures (hold it flat and press; tip the far edge down and press);
/// which of the phones (one a player, up to four), a button each choosing.
enum PhoneScreen {
    /// `phones`: how many are set (the buttons go one past them, to add one).
    static func scene(_ setup: PhoneSetup, phones: Int = 0, address: DSUAddress?, slot: UInt8 = 0, status: DSUSession.Status?,
                      calibrated: Bool, _ l: Layout) -> Scene {
        var elements: [Element] = [
            .icon(.phone, l.rect(370, 34, 60, 72), Palette.text),
            .text(tr("Phone or handheld"), l.point(680, 70), .title, Palette.text, .center),
        ]
        var buttons = [Button(.back, icon: .back, label: tr("Back"), rect: l.rect(30, 24, 150, 110), color: Palette.neutral, key: "Esc")]
        if setup.calibrating == nil {
            // Phone 1 to one past those set, at most four: each for the player it seats.
            let shown = choices(phones)
            for k in 0..<shown {
                buttons.append(Button(.choosePhone(k), icon: .phone, label: tr("Phone {n}", ["n": k + 1]), rect: l.rect(1260 - Double(shown - k) * 115, 24, 105, 110),
                                      color: PlayerColors.color(of: k), selected: setup.phone == k, key: "Tab"))
            }
        }
        if let flow = setup.calibrating {
            let flat = flow.step == .holdFlat
            elements += [
                .icon(flat ? .deviceFlat : .deviceTipped, l.rect(490, 170, 300, 300), Palette.text),
                .text(flat ? tr("1. Hold it flat, then press") : tr("2. Tip the far edge down, then press"),
                      l.point(640, 520), .body, Palette.text, .center),
                .text(tr("Press Enter, A, or ✕ on the phone"), l.point(640, 565), .small, Palette.dimText, .center),
            ]
            buttons.append(Button(.calibrationPress, icon: .check, label: tr("Press"), rect: l.rect(540, 610, 200, 140), color: Palette.go, key: "Enter"))
            return Scene(layers: [Layer(elements: elements, buttons: buttons)])
        }
        var (dot, words) = describe(status, address: address)
        // Another pad of a server another phone is on (DS4Windows with two pads).
        if address != nil, slot > 0 { words = tr("{status} (its pad {n})", ["status": words, "n": slot + 1]) }
        elements += [
            .text(setup.phone > 0 ? tr("Phone {n}, for another player (the phone app shows its address)", ["n": setup.phone + 1])
                  : tr("Address (the phone app shows it)"), l.point(340, 180), .small, Palette.dimText, .left),
            .box(l.rect(340, 200, 600, 70), Palette.panel, radius: 10),
            .text(setup.typed + "|", l.point(360, 248), .body, Palette.text, .left),
            .text(tr("Type digits and dots, then Enter. Port {port} unless you add :PORT.", ["port": DSU.defaultPort]),
                  l.point(340, 300), .small, Palette.dimText, .left),
            .box(l.rect(340, 337, 22, 22), dot, radius: 11),
            .text(words, l.point(376, 360), .body, Palette.text, .left),
            .text(calibrated ? tr("Calibrated for this phone") : tr("Not calibrated: tipping follows the usual axes"),
                  l.point(340, 410), .small, Palette.dimText, .left),
        ]
        buttons += [
            Button(.calibratePhone, icon: .deviceTipped, label: tr("Calibrate"), rect: l.rect(440, 470, 200, 150), key: "C"),
            Button(.forgetPhone, icon: .cross, label: tr("No phone"), rect: l.rect(680, 470, 200, 150), color: Palette.neutral, key: "Del"),
            // Or no app at all: the phone's browser opens a page from a code on the screen.
            Button(.phoneInBrowser, icon: .phone, label: tr("In the browser"), rect: l.rect(965, 170, 250, 120), key: "B"),
        ]
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// The state's colour and words.
    static func describe(_ status: DSUSession.Status?, address: DSUAddress?) -> (RGBA8, String) {
        guard let address else { return (Palette.neutral, tr("No phone: the keys and the pad tilt")) }
        switch status {
        case .connected?: return (Palette.go, tr("Connected to {address}", ["address": address]))
        case .waiting?, nil: return (Palette.focus, tr("Waiting for {address}…", ["address": address]))
        case .noAnswer?: return (Palette.danger, tr("No answer from {address}", ["address": address]))
        case .lost?: return (Palette.danger, tr("{address} stopped sending", ["address": address]))
        }
    }

    /// How many phone buttons show: one past those set, at most four.
    static func choices(_ phones: Int) -> Int { min(phones + 1, Settings.maxPhones) }

    /// Typing goes to the address (as `.text` events); Backspace takes a character back; Enter
    /// keeps what was typed (or chooses, when nothing changed); C calibrates; B shows the phone
    /// page in the browser instead; Tab turns to the next phone; Esc goes back.
    static func key(_ key: Key, setup: PhoneSetup, phones: Int = 0, kept: DSUAddress?) -> KeyResponse {
        if setup.calibrating != nil {
            switch key {
            case .enter, .space: return .act(.calibrationPress)
            case .escape: return .act(.back)
            default: return .ignore
            }
        }
        switch key {
        case .backspace: return .act(.eraseTyped)
        case .delete: return .act(.forgetPhone)
        case .c: return .act(.calibratePhone)
        case .b: return .act(.phoneInBrowser)
        case .tab: return .act(.choosePhone((setup.phone + 1) % choices(phones)))
        case .enter where setup.typed != (kept?.description ?? ""): return .act(.keepPhoneAddress)
        default: return .navigate
        }
    }
}
