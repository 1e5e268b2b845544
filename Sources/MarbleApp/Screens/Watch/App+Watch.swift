import MarbleKit

/// The Watch screen's actions: opening a drawing's history, playing it, leaving.
extension App {
    /// Plays drawing `id`'s history from a blank canvas; Esc comes back to the screen showing.
    func startWatching(_ id: String, in store: DrawingStateStore? = nil) {
        let store = store ?? drawings.store
        // The open drawing's latest strokes must be in its journal to be seen.
        if drawings.drawing?.id == id { save() }
        do throws(StoreError) {
            let history = try store.history(of: id)
            let title = drawings.drawing?.id == id ? drawings.drawing!.title : (nav.gallery.entries.first { $0.id == id }?.title ?? history.title)
            watch = WatchPlayer(id: id, title: title, history: history,
                                 scratchFolder: store.root, returnTo: nav.screen)
            nav.go(to: .watch)
        } catch {
            report(error, tr("Could not play that drawing"), context: "watch \(id)")
        }
    }

    /// One frame of watching: the clock moves on and the picture follows.
    func watchFrame(dt: Double) {
        watch?.advance(dt: dt)
        // Played to the end: it stays on the finished picture, paused, until Space plays it again.
        if let w = watch, w.atEnd, !w.paused { w.togglePause() }
    }

    func watchAction(_ action: Action) {
        guard let w = watch else { return }
        switch action {
        case .watchPause: w.togglePause()
        case .watchSpeed(let step): w.changeSpeed(by: step)
        case .watchSeek(let steps): w.seek(by: steps)
        default: break
        }
    }

    /// Esc: back to the end screen or the gallery it was started from.
    func stopWatching() {
        let back = watch?.returnTo ?? .home
        watch = nil
        if back == .end && drawings.drawing != nil {
            nav.go(to: .end)
        } else if back == .gallery {
            show(.gallery)
        } else if back == .classroom {
            nav.go(to: .classroom)
        } else {
            show(.home)
        }
    }
}
