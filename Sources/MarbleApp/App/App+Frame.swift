import MarbleKit

/// The frame, and the open drawing's life: opening, saving, closing.
extension App {
    /// Advances the app to `now` (monotonic seconds): steps every player's controls and feeds
    /// the drawing one row (a sample a marble), then autosaves on the store's schedule.
    public func update(now t: Double) {
        // Last, whichever way the frame ends: the voice says what changed on screen.
        defer { narrate() }
        // First: a drawing fetched by its code opens before the clock ticks, so its first
        // frame steps nothing, as a drawing continued from Home.
        classFrame()
        let dt = run.clock.tick(t)
        nav.expireNotice(now: now)
        if nav.screen == .watch { watchFrame(dt: dt) }
        if nav.screen == .gate { gateFrame() }
        if preferences.muted { sound.stopCheer() } else { sound.playCheer(dt: dt) }
        phoneFrame()
        pageFrame()
        exportsFrame()
        coachFrame(dt: dt)
        guard isDrawingLive, let d = drawings.drawing else { return }
        let outs = stepPlayers(dt: dt)
        coachDrawingFrame(outs, dt: dt)
        // The first tilt puts the help away.
        if nav.help && outs.contains(where: { $0.tilt.length > 0.05 }) { nav.setHelp(false) }
        do throws(DrawingController.FrameFailure) {
            try drawings.step(zip(outs, players).map { ($0, $1.tool) }, dt: dt)
        } catch {
            switch error {
            case .session(let e): report(e, tr("The drawing cannot go on"), context: d.id)
            case .save(let e): report(e, tr("Could not save"), context: "save \(d.id)")
            }
        }
    }

    /// The frame was shown: a film or picture being made takes its next slice now.
    public func framePresented() {
        drawings.frameShown()
        desk.frameShown()
    }

    // MARK: - Opening and closing drawings

    /// Opens a stored drawing and goes on drawing it, where it stopped; with `trace`, tracing
    /// that shape from now on (`marble play --continue --trace`).
    public func openDrawing(_ id: String, trace: TraceShape? = nil) {
        if drawings.drawing?.id != id { closeDrawing() }
        do throws(StoreError) {
            let d = try drawings.open(id)
            if let trace { drawings.rememberTrace(trace, of: d) }
            enterDrawing(d)
        } catch {
            report(error, tr("Could not open that drawing"), context: "open \(id)")
        }
    }

    func enterDrawing(_ d: StoredDrawing) {
        for note in d.recoveryNotes {
            log(note)
            say(note, for: 8)
        }
        // A new drawing of several (nothing drawn yet) turns each player's heading apart.
        seatPlayers(for: d.session, spread: d.session.acceptedSamples == 0)
        sound.restart()
        // The sound is read off the settings at each step: M silences it at once.
        drawings.listen { [sound, preferences] step in
            if !preferences.muted { sound.listen(step) }
        }
        show(.drawing)
        run.clock.restart()
    }

    /// Saves the journal now (window hidden, paused, a pad gone).
    func save() {
        guard let d = drawings.drawing else { return }
        do throws(StoreError) {
            try drawings.save()
        } catch {
            report(error, tr("Could not save"), context: "save \(d.id)")
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
}
