import MarbleKit

extension App {
    // MARK: - The frame

    /// Advances the app to `now` (monotonic seconds): steps the controls and feeds the drawing
    /// one sample, then autosaves on the store's schedule.
    public func update(now t: Double) {
        now = t
        if let m = message, now > m.until { message = nil }
        let dt = clock.tick(t)
        guard isDrawingLive, let d = drawings.drawing else { return }
        do throws(DrawingController.FrameFailure) {
            try drawings.step(input.step(dt: dt), dt: dt)
        } catch {
            switch error {
            case .session(let e): report(e, "The drawing cannot go on", context: d.id)
            case .save(let e): report(e, "Could not save", context: "save \(d.id)")
            }
        }
    }

    // MARK: - Opening and closing drawings

    func startNewDrawing() {
        closeDrawing()
        do throws(StoreError) {
            enterDrawing(try drawings.create(nav.setup.configuration))
        } catch {
            report(error, "Could not start a drawing", context: "new drawing")
        }
    }

    /// Opens a stored drawing and goes on drawing it, where it stopped.
    public func openDrawing(_ id: String) {
        if drawings.drawing?.id != id { closeDrawing() }
        do throws(StoreError) {
            enterDrawing(try drawings.open(id))
        } catch {
            report(error, "Could not open that drawing", context: "open \(id)")
        }
    }

    /// Starts a new drawing straight away (`marble play --new`).
    public func startNew(mode: PhysicsMode, difficulty: Difficulty) {
        nav.setup = SetupChoice(mode: mode, difficulty: difficulty)
        startNewDrawing()
    }

    private func enterDrawing(_ d: StoredDrawing) {
        for note in d.recoveryNotes {
            log(note)
            say(note, for: 8)
        }
        input.controls.resetHeading(d.session.heading)
        show(.drawing)
        clock.restart()
    }

    func finishDrawing() {
        guard let d = drawings.drawing else { return }
        do throws(StoreError) {
            try drawings.checkpoint()
        } catch {
            report(error, "Could not save", context: "save \(d.id)")
        }
        show(.end)
    }

    /// Saves the journal now (window hidden, paused, a pad gone).
    func save() {
        guard let d = drawings.drawing else { return }
        do throws(StoreError) {
            try drawings.save()
        } catch {
            report(error, "Could not save", context: "save \(d.id)")
        }
    }

    func closeDrawing() {
        guard let d = drawings.drawing else { return }
        do throws(StoreError) {
            try drawings.close()
        } catch {
            log("save \(d.id): \(error)")
        }
    }

    // MARK: - Sharing

    func savePicture() {
        do {
            if let path = try drawings.savePicture() { say("Picture saved: \(path)", for: 12) }
        } catch let error as DrawingController.ExportError {
            say(error.description)
        } catch {
            report(error, "Could not save the picture", context: drawings.picturePath ?? drawings.exportFolder)
        }
    }

    func saveLog() {
        do {
            if let path = try drawings.saveLog() { say("Log saved: \(path)", for: 12) }
        } catch {
            report(error, "Could not save the log", context: drawings.logPath ?? drawings.exportFolder)
        }
    }
}
