import MarbleKit

extension App {
    /// Does what a button (or its key) stands for.
    public func perform(_ action: Action) {
        switch action {
        case .newDrawing: go(to: .setup); focus = setupStartIndex
        case .continueLast: if let id = latest?.id { openDrawing(id) }
        case .gallery: go(to: .gallery)
        case .quit: quit()
        case .chooseMode(let m): setupMode = m
        case .chooseDifficulty(let d): setupDifficulty = d
        case .start: startNewDrawing()
        case .back:
            switch screen {
            case .setup, .gallery, .end: perform(.home)
            case .drawing: perform(.resume)
            case .home: break
            }
        case .done: finishDrawing()
        case .pause: if screen == .drawing { paused = .user; focus = 0; save() }
        case .resume:
            if paused != nil { paused = nil; lastUpdate = nil }
        case .savePicture: savePicture()
        case .saveLog: saveLog()
        case .continueDrawing:
            if drawing != nil { go(to: .drawing); paused = nil; lastUpdate = nil }
        case .delete:
            if let d = drawing { askDelete(id: d.id, title: d.title, picture: d.thumbnailPath) }
        case .home:
            closeDrawing()
            go(to: .home)
        case .open(let id): openDrawing(id)
        case .deleteDrawing(let id):
            let entry = galleryEntries.first { $0.id == id }
            askDelete(id: id, title: entry?.title ?? id, picture: entry?.thumbnailPath)
        case .confirmYes: confirmDelete()
        case .confirmNo:
            pendingDelete = nil
            focus = deleteReturnFocus
            lastButtons = []
        }
    }

    // MARK: - Deleting, with a question first

    func askDelete(id: String, title: String, picture: String?) {
        deleteReturnFocus = focus
        deleteAskedAt = now
        pendingDelete = PendingDelete(id: id, title: title, picture: picture)
        // "No" first: a stray press never deletes.
        focus = 0
        lastButtons = []
    }

    func confirmDelete() {
        guard let p = pendingDelete else { return }
        pendingDelete = nil
        if drawing?.id == p.id { closeDrawing() }
        do throws(StoreError) {
            try store.delete(p.id)
            say("Deleted “\(p.title)”.", for: 4)
        } catch {
            report(error, "Could not delete", context: "delete \(p.id)")
        }
        if screen == .gallery {
            galleryEntries = listDrawings()
            focus = galleryFirstTile
            lastButtons = []
        } else {
            go(to: .home)
        }
    }

    func scrollGallery(rows: Int) {
        let columns = GalleryLayout.columns
        let totalRows = (galleryEntries.count + columns - 1) / columns
        let top = max(0, min(galleryTop + rows, max(0, totalRows - GalleryLayout.rowsShown)))
        if top != galleryTop {
            galleryTop = top
            focus = galleryFirstTile
            lastButtons = []
        }
    }

    // MARK: - Quitting

    /// Saves everything and asks the platform to close.
    public func quit() {
        closeDrawing()
        finished = true
        effects.append(.quit)
    }
}
