import MarbleKit

/// The phones' browser pages as devices: the server run while it is needed, seats offered,
/// pages joining and leaving the seating, their readings as a pad's motion and their big
/// buttons as a player's pen, eraser and undo, and their silences.
extension App {
    /// Each frame: the server started or stopped as needed, a silent page made quiet, each
    /// page told where it sits, and the Phone screen's code kept up to date.
    func pageFrame() {
        let needed = phones.pages.pinned || phones.pages.anyJoined || (nav.screen == .phone && phones.setup.inBrowser)
        if needed && !phones.pages.asked {
            phones.pages.ask()
            run.ask(.servePhonePage(phones.pages.requested))
            run.ask(.offerPhoneSeats(phones.pages.seats))
        } else if !needed && phones.pages.asked {
            stopServingPages()
        }
        for k in phones.pages.list.indices where input.held[.phone(.page(k))] != nil {
            if let heard = phones.pages[k].lastHeard, now - heard > PagePhones.silence {
                say(tr("{phone} stopped sending: the keys and the pads still work.", ["phone": pageName(k)]), for: 5)
                pageQuiet(k)
            }
        }
        tellPageSeats()
        if nav.screen == .phone && phones.setup.inBrowser { refreshPageCode() }
    }

    /// Each sending page told the player it drives when that is not the one it shows (its
    /// offered player had a pad or phone, a seat freed, the number of players changed), or that
    /// it waits for one: once a change, whatever changed the seating. A quiet page sits nowhere
    /// and is told when it sends again.
    func tellPageSeats() {
        guard phones.pages.asked else { return }
        for k in phones.pages.list.indices where input.held[.phone(.page(k))] != nil {
            let p = player(of: .phone(.page(k))), was = phones.pages[k].shows
            guard p != was else { continue }
            phones.pages.edit(k) { $0.show(p) }
            let token = phones.pages[k].token
            run.ask(.tellPhoneSeat(token, p.map { PagePhones.seat(token, player: $0) }))
            if was == nil && p != nil { say(tr("{phone} has a marble now: tilt it to roll.", ["phone": pageName(k)]), for: 3) }
        }
    }

    /// Stops the server, if it was asked to run.
    func stopServingPages() {
        guard phones.pages.asked else { return }
        phones.pages.stop()
        run.ask(.stopPhonePage)
    }

    /// What the platform says of the page and its server.
    func pageEvent(_ event: UIEvent) {
        switch event {
        case .phonePage(.joined(let token)):
            guard let k = phones.pages.index(of: token) else { return }
            pageSending(k)
        case .phonePage(.reading(let token, let r, let arrival)):
            guard let k = phones.pages.index(of: token) else { return }
            pageReading(k, r, arrival: arrival)
        case .phonePage(.left(let token)):
            guard let k = phones.pages.index(of: token), input.held[.phone(.page(k))] != nil else { return }
            say(tr("{phone} left: the keys and the pads still work.", ["phone": pageName(k)]), for: 5)
            pageQuiet(k)
        case .phonePageServing(let address, let fingerprint):
            phones.pages.serving(address, fingerprint: fingerprint)
            writePageCodes()
            guard phones.pages.pinned else { return }
            // Where the page is, and no seat's code: stderr often ends up in the desktop's
            // journal, and a code there is a seat for whoever reads it. The codes are on the
            // Phone screen only.
            log("phone page: \(address.origin) (each player's code is on the Phone screen)")
            log("phone page certificate: SHA-256 \(fingerprint)")
        case .phonePageFailed(let why):
            phones.pages.failed(why)
            log("phone page: \(why)")
        case .phonePageCounts(let counts):
            phones.pages.counts = counts
        default: break
        }
    }

    /// Page phone `k` took its seat, or sends again after a silence: it joins the seating.
    func pageSending(_ k: Int) {
        let first = !phones.pages[k].joined
        phones.pages.edit(k) { $0.join(now: now) }
        guard input.held[.phone(.page(k))] == nil else { return }
        // Named without a number: the seating may not put it on its code's player.
        input.pageSending(k, name: tr("Phone in the browser"), player: phones.pages[k].player)
        // A new page starts its motion afresh; one back after a silence picks up its pose.
        if first { deviceJoined(.phone(.page(k))) }
        if player(of: .phone(.page(k))) == nil {
            say(first ? tr("A phone joined: every player has a pad or phone, so it waits.")
                : tr("A phone is back: every player has a pad or phone, so it waits."), for: 4)
        } else {
            say(first ? tr("{phone} joined: tilt it to roll.", ["phone": pageName(k)]) : tr("{phone} is back.", ["phone": pageName(k)]), for: 3)
        }
    }

    /// Page phone `k` went quiet, left or was let go: it leaves its seat; an eraser it held is put down.
    func pageQuiet(_ k: Int) {
        if input.held[.phone(.page(k))]?.pageButtons.contains(.eraser) == true, let p = player(of: .phone(.page(k))), players[p].tool.erase {
            toggleEraser(player: p)
        }
        input.pageQuiet(k)
    }

    /// A reading from page phone `k`: motion as a pad's, the compass's heading, the big buttons.
    func pageReading(_ k: Int, _ r: PhoneReading, arrival: Double) {
        if input.held[.phone(.page(k))] == nil { pageSending(k) }
        var us: UInt64 = 0
        phones.pages.edit(k) { us = $0.hear(timeUS: r.timeUS, arrival: arrival, now: now) }
        deviceMotion(.phone(.page(k))) { r.feed(&$0, timestampUS: us) }
        let live = isDrawingLive
        let (pressed, released) = input.pageButtons(k, r.buttons, live: live)
        if let p = player(of: .phone(.page(k))) {
            if pressed.contains(.eraser) && live && !players[p].tool.erase { toggleEraser(player: p) }
            if released.contains(.eraser) && players[p].tool.erase { toggleEraser(player: p) }
        }
        if pressed.contains(.undo) && live { perform(.undo) }
    }

    /// How the notices name page phone `k`: by the player it drives, whatever its code's was.
    func pageName(_ k: Int) -> String {
        guard let p = player(of: .phone(.page(k))) else { return tr("A waiting phone") }
        return players.count > 1 ? tr("Player {n}'s phone", ["n": p + 1]) : tr("The phone")
    }

    /// Lines for the log at the end: each page phone's readings, and what the server counted.
    var pageSummaries: [String] {
        var lines = phones.pages.list.indices.compactMap { k -> String? in
            let page = phones.pages[k]
            guard page.readings > 0 else { return nil }
            return "phone page \(k + 1) (player \(page.player + 1)): \(page.readings) readings used"
        }
        let c = phones.pages.counts
        if c.readings > 0 || !c.refused.isEmpty || !c.dropped.isEmpty {
            func list(_ d: [String: Int]) -> String {
                d.isEmpty ? "none" : d.sorted { $0.value > $1.value || $0.value == $1.value && $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            }
            lines.append("phone page server: \(c.readings) readings handed over; refused: \(list(c.refused)); dropped: \(list(c.dropped))")
        }
        return lines
    }
}
