import MarbleKit

/// Hand in: the End screen's and the gallery's tray, the names screen, and what the frame
/// reads of the hand-ins (kept, sent, waiting and why).
extension App {
    /// A drawing's hand-in as its button shows it; nil when no class folder is set here.
    func handInView(_ id: String) -> HandInView? {
        guard desk.isSet else { return nil }
        if desk.handing?.drawing == id { return .keeping }
        return desk.statuses[id].map(HandInView.kept) ?? .ready
    }

    /// The tray: with names, the child taps theirs first; without, it is handed in at once.
    func handIn(_ id: String) {
        guard desk.isSet, desk.handing == nil else { return }
        if desk.names.isEmpty {
            startHandIn(id, child: "")
        } else {
            desk.screens.choosing = ClassScreens.Choosing(drawing: id, returnTo: nav.screen)
            show(.handIn)
            // The first name (the last child to hand in here) takes focus, not Back.
            nav.focus(1)
        }
    }

    /// A name was tapped: the drawing goes in as theirs; back to where Hand in was pressed.
    func handInAs(_ child: String) {
        guard let choice = desk.screens.choosing else { return }
        desk.screens.choosing = nil
        returnTo(choice.returnTo)
        startHandIn(choice.drawing, child: child)
    }

    /// Starts keeping the hand-in off the frame: the open drawing's picture is copied here
    /// (as Save picture's is); a drawing of the gallery is opened on the job's thread.
    func startHandIn(_ id: String, child: String) {
        let store = drawings.store
        let film = drawings.exportFolder + "/marble-\(id).webp"
        let parts: @Sendable () throws -> Outbox.Parts
        if let d = drawings.drawing, d.id == id {
            do {
                try d.save()
                let (picture, title) = (try d.pictureToShare(), d.title)
                parts = { try Outbox.Parts(id, title: title, picture: picture, of: store, timelapse: film) }
            } catch {
                report(error, tr("Could not hand it in"), context: "hand in \(id)")
                return
            }
        } else {
            parts = {
                let d = try store.open(id)
                let (picture, title) = (try d.pictureToShare(), d.title)
                try d.close()
                return try Outbox.Parts(id, title: title, picture: picture, of: store, timelapse: film)
            }
        }
        _ = desk.startHandIn(id, child: child, parts: parts)
    }

    /// Each frame: a hand-in kept (or not), a code's drawing fetched (or not), the courier's news.
    func classFrame() {
        // A setup being checked ends here too, when no class folder is set yet.
        guard desk.isSet || desk.setting != nil else { return }
        let ended = desk.poll()
        if let setup = ended.setup { classSetupEnded(setup) }
        if let (id, result) = ended.handIn, case .failure(let failure) = result {
            say(tr("Could not hand it in: {why}", ["why": "\(failure)"]))
            log("hand in \(id): \(failure)")
        }
        if let fetch = ended.fetch { fetched(fetch) }
    }

    /// Back from a class screen to the screen it was opened from.
    func classBack() {
        switch nav.screen {
        case .handIn:
            let back = desk.screens.choosing?.returnTo ?? .home
            desk.screens.choosing = nil
            returnTo(back)
        case .openCode: show(.gallery)
        case .classroom: show(.settings)
        default: perform(.home)
        }
    }

    /// Shows `screen` again without reopening what it shows (the End screen keeps its drawing).
    private func returnTo(_ screen: Screen) {
        if screen == .end && drawings.drawing != nil {
            nav.go(to: .end, at: now)
        } else if screen == .gallery {
            nav.go(to: .gallery, at: now)
            nav.showGallery(listDrawings(), keepingScroll: true)
        } else {
            show(screen)
        }
    }

    /// Every class choice.
    func classAction(_ action: Action) {
        switch action {
        case .handIn(let id): handIn(id)
        case .handInAs(let child): handInAs(child)
        case .openCode:
            desk.screens.code.clear()
            show(.openCode)
            nav.focus(1)
        case .fetchCode: fetchCode()
        case .eraseCode: desk.screens.code.backspace()
        case .classroom:
            desk.listGallery()
            show(.classroom)
        case .watchClass(let id): if let gallery = desk.gallery { startWatching(id, in: gallery) }
        default: break
        }
    }
}
