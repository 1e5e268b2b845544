import MarbleKit

/// The Phone screen's browser mode: the code of the chosen player's page, and letting a page go.
extension App {
    /// Serves the phone page for the whole run and shows its code (`marble play --phone-page`):
    /// at `address`, or at this machine's LAN address when nil.
    public func servePhonePage(at address: PhonePageAddress?) {
        phones.pages.pin(address)
        perform(.phoneInBrowser)
    }

    func pageAction(_ action: Action) {
        switch action {
        case .phoneInBrowser:
            if nav.screen != .phone {
                phones.setup.open(showing: preferences.settings.phone(phones.setup.phone)?.address.description ?? "")
                show(.phone)
            }
            phones.setup.inBrowser.toggle()
            guard phones.setup.inBrowser else { return }
            phones.setup.pagePlayer = firstPlayerWithoutDevice
            // A server that failed is tried again when the screen asks for it again.
            if phones.pages.problem != nil { phones.pages.stop() }
        case .choosePagePlayer(let p):
            phones.setup.pagePlayer = min(max(p, 0), SessionConfiguration.maxMarbles - 1)
        case .letGoPage(let k):
            guard phones.pages.list.indices.contains(k), phones.pages[k].joined else { return }
            let p = phones.pages[k].player
            pageQuiet(k)
            phones.pages.letGo(k)
            if phones.pages.asked { run.ask(.offerPhoneSeats(phones.pages.seats)) }
            writePageCodes()
            say(tr("Let go: player {n} has a new code.", ["n": p + 1]), for: 3)
        default: break
        }
    }

    /// The first player (of four) with no pad or phone: whose code the browser mode shows first.
    var firstPlayerWithoutDevice: Int {
        (0..<SessionConfiguration.maxMarbles).first { p in p >= players.count || input.seating.devices(of: p).isEmpty } ?? 0
    }

    /// The page's address for the chosen player, once it is served.
    var pageURL: String? {
        guard let served = phones.pages.served, let k = phones.pages.index(player: phones.setup.pagePlayer) else { return nil }
        return served.address.url(token: phones.pages[k].token)
    }

    /// Encodes the chosen player's address as a QR code when it changed (not every frame).
    func refreshPageCode() {
        guard let url = pageURL else { phones.pages.code = nil; return }
        guard phones.pages.code?.text != url else { return }
        phones.pages.code = (url, drawings.store.environment.codecs.encodeQR?(url))
    }

    /// The pages holding a seat (not let go), for the screen: their place, the player they drive,
    /// whether they send, and whether they wait for a player.
    var pageViews: [PhoneScreen.PageView] {
        phones.pages.list.indices.filter { phones.pages[$0].joined }.map { k in
            let p = player(of: .phone(.page(k))), sending = input.held[.phone(.page(k))] != nil
            return PhoneScreen.PageView(index: k, player: p ?? phones.pages[k].player, sending: sending, waiting: sending && p == nil)
        }
    }
}
