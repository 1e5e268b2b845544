import MarbleKit

/// Settings ▸ Class ▸ Set up: four big text boxes (the class folder's address, the user name,
/// the password as dots, the children's names) and Check and save; while the folder is checked
/// a clock; if it would not do, why, in words and the hand-in's picture.
enum ClassSetupScreen {
    /// The buttons' order: Back, then the fields (1 to 4), then Check and save.
    static let firstField = 1
    static let saveIndex = firstField + ClassSetupForm.Field.allCases.count

    static func scene(_ form: ClassSetupForm, checking: Bool, _ l: Layout) -> Scene {
        var elements: [Element] = [
            .icon(.people, l.rect(420, 34, 72, 72), Palette.text),
            .text(tr("Set up the class folder"), l.point(510, 70), .title, Palette.text, .left),
        ]
        var buttons = [Button(.back, icon: .back, label: tr("Back"), rect: l.rect(30, 24, 150, 110), color: Palette.neutral, key: "Esc")]
        let labels = [tr("Folder address"), tr("User name"), tr("Password"), tr("Children's names")]
        let hints = [
            tr("https://SERVER/FOLDER/ (WebDAV, a File drop link) or /path of a mounted share"),
            tr("Empty: none (a File drop needs none)"),
            form.passwordHint,
            tr("Separated by commas; empty: hand-ins go in the class folder itself"),
        ]
        for field in ClassSetupForm.Field.allCases {
            let k = field.rawValue
            let y = 140 + Double(k) * 118
            let shown = field == .password ? form.passwordDots : form[field]
            elements += [
                .text(labels[k], l.point(300, y + 52), .body, Palette.text, .right),
                .text(hints[k], l.point(330, y + 100), .small, Palette.dimText, .left),
            ]
            // The text box: what is typed, its end in view (the label is drawn centred).
            buttons.append(Button(.classSetupField(k), icon: nil, label: tail(shown, 56), rect: l.rect(320, y, 900, 78), color: Palette.panel))
        }
        buttons.append(Button(.checkClassSetup, icon: checking ? .clock : .check, label: checking ? tr("Checking…") : tr("Check and save"),
                              rect: l.rect(970, 612, 250, 120), color: checking ? Palette.neutral : Palette.go, key: "Enter"))
        if let failed = form.failed {
            let icon: Icon = failed.reason.map(HandInView.icon(of:)) ?? .cross
            elements.append(.icon(icon, l.rect(40, 725, 60, 60), Palette.danger))
            // A long reason (an address or two in it) on two lines, so it stays on screen.
            let lines = wrapped(failed.words, 92)
            for (k, line) in lines.enumerated() {
                elements.append(.text(line, l.point(115, 755 + (Double(k) - Double(lines.count - 1) / 2) * 28), .small, Palette.text, .left))
            }
        } else {
            elements.append(.text(checking ? tr("Checking that the folder answers and takes a file…")
                                           : tr("Tab or the arrows move between boxes; Enter checks the folder and saves; Esc goes back"),
                                  l.point(640, 755), .small, Palette.dimText, .center))
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// `s` in one line, or two cut at the last space before `n` characters.
    static func wrapped(_ s: String, _ n: Int) -> [String] {
        guard s.count > n, let cut = s.prefix(n).lastIndex(of: " ") else { return [s] }
        return [String(s[..<cut]), String(s[s.index(after: cut)...])]
    }

    /// The last `n` characters of `s`, an ellipsis before them when cut.
    static func tail(_ s: String, _ n: Int) -> String { s.count <= n ? s : "…" + s.suffix(n - 1) }

    /// Text is typed (as text, letters and Space too); Tab the next box; Backspace takes one
    /// back; Enter checks and saves; arrows move focus; Esc goes back.
    static func key(_ key: Key, checking: Bool) -> KeyResponse {
        switch key {
        case .enter: checking ? .ignore : .act(.checkClassSetup)
        case .tab: .act(.nextClassSetupField)
        case .backspace, .delete: .act(.eraseClassSetup)
        case .escape: .act(.back)
        case .up, .down, .left, .right: .navigate
        default: .ignore
        }
    }
}
