import MarbleKit

/// The Phone screen's browser mode: the chosen player's code to scan (in their colour), the
/// same address in large type, the certificate's fingerprint for a careful parent, and the
/// pages that joined, each with Let go.
extension PhoneScreen {
    /// A page that holds a seat, as the screen lists it.
    struct PageView: Equatable, Sendable {
        /// Its place in the list of page phones (what Let go names).
        var index: Int
        /// The player it drives (or, quiet, was offered for), 0-based.
        var player: Int
        /// Whether it sends now (else it is quiet: asleep, or out of range).
        var sending: Bool
        /// It sends, but every player has a pad or phone: it drives nothing yet.
        var waiting = false
    }

    /// What the browser mode shows.
    struct BrowserView: Equatable, Sendable {
        /// The player whose code is shown, 0-based.
        var player = 0
        /// Their page's address, once served.
        var url: String?
        /// Its QR code (nil: no encoder, or not served yet).
        var code: QRMatrix?
        var fingerprint: String?
        /// Why the page is not served, if it failed.
        var problem: String?
        var pages: [PageView] = []
    }

    static func browserScene(_ view: BrowserView, _ l: Layout) -> Scene {
        let color = PlayerColors.color(of: view.player)
        var elements: [Element] = [
            .icon(.phone, l.rect(300, 34, 60, 72), Palette.text),
            .text(tr("Phone in the browser"), l.point(640, 70), .title, Palette.text, .center),
            // The player's colour round the code: a child sees whose it is.
            .box(l.rect(205, 145, 470, 470), color, radius: 28),
            .box(l.rect(225, 165, 430, 430), RGBA8(255, 255, 255), radius: 8),
        ]
        var buttons = [
            Button(.back, icon: .back, label: tr("Back"), rect: l.rect(30, 24, 150, 110), color: Palette.neutral, key: "Esc"),
            Button(.phoneInBrowser, icon: .phone, label: tr("Phone app"), rect: l.rect(1090, 24, 170, 110), color: Palette.neutral, key: "B"),
        ]
        for p in 0..<SessionConfiguration.maxMarbles {
            buttons.append(Button(.choosePagePlayer(p), icon: .phone, label: tr("Player {n}", ["n": p + 1]), rect: l.rect(30, 160 + Double(p) * 120, 150, 108),
                                  color: PlayerColors.color(of: p), selected: view.player == p, key: "Tab"))
        }
        if let url = view.url, let code = view.code {
            elements.append(.qr(code, payload: url, l.rect(235, 175, 410, 410)))
        } else {
            let words = view.problem.map { tr("Not served: {why}", ["why": $0]) } ?? (view.url == nil ? tr("Starting the page…") : tr("No QR codes here: type the address"))
            elements.append(.text(words, l.point(440, 380), .small, RGBA8(40, 44, 62), .center))
        }
        if let url = view.url { elements.append(.text(url, l.point(640, 665), .body, Palette.text, .center)) }
        if let f = view.fingerprint {
            // 32 hex pairs: two lines of 16, small, for whoever compares it with the browser's.
            let pairs = f.split(separator: ":")
            elements.append(.text(tr("Certificate SHA-256: {fingerprint}", ["fingerprint": pairs.prefix(16).joined(separator: ":")]), l.point(640, 712), .small, Palette.dimText, .center))
            if pairs.count > 16 { elements.append(.text(pairs.dropFirst(16).joined(separator: ":"), l.point(640, 740), .small, Palette.dimText, .center)) }
        }
        elements += [
            .text(tr("Player {n}: scan the code", ["n": view.player + 1]), l.point(710, 185), .body, Palette.text, .left),
            .text(tr("with the phone's camera, then open it."), l.point(710, 220), .small, Palette.dimText, .left),
            .text(tr("The browser warns once: the page's certificate"), l.point(710, 250), .small, Palette.dimText, .left),
            .text(tr("is this computer's own (its fingerprint is below)."), l.point(710, 276), .small, Palette.dimText, .left),
            .text(view.pages.isEmpty ? tr("No phone has joined yet.") : tr("Phones joined:"), l.point(710, 330), .small, Palette.dimText, .left),
        ]
        for (i, page) in view.pages.prefix(SessionConfiguration.maxMarbles).enumerated() {
            let y = 350 + Double(i) * 68
            elements += [
                .box(l.rect(710, y + 14, 30, 30), page.waiting ? Palette.neutral : PlayerColors.color(of: page.player), radius: 15),
                .text(page.waiting ? tr("Waiting: no seat")
                      : page.sending ? tr("Player {n}: tilting", ["n": page.player + 1]) : tr("Player {n}: quiet", ["n": page.player + 1]),
                      l.point(755, y + 40), .body, Palette.text, .left),
            ]
            buttons.append(Button(.letGoPage(page.index), icon: .cross, label: tr("Let go"), rect: l.rect(1060, y, 190, 60), color: Palette.neutral))
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// Tab, 1, 2 and 3 choose whose code shows; B goes back to the phone app's address; Esc back.
    static func browserKey(_ key: Key, player: Int) -> KeyResponse {
        switch key {
        case .tab: return .act(.choosePagePlayer((player + 1) % SessionConfiguration.maxMarbles))
        case .one: return .act(.choosePagePlayer(0))
        case .two: return .act(.choosePagePlayer(1))
        case .three: return .act(.choosePagePlayer(2))
        case .b: return .act(.phoneInBrowser)
        default: return .navigate
        }
    }
}
