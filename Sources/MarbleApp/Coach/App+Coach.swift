import MarbleKit

/// The coach in the app: the first launch's drawing with the ghost, Help's demonstration, and
/// the hints, each frame.
extension App {
    /// On a first launch (a store with no drawing at all) opens a new drawing straight away, as
    /// Setup's Start would, with the ghost showing how; false (Home stays) when the store has
    /// drawings or a drawing is open. The window asks for this (`marble play` without `--new`
    /// or `--continue`); an app made by a test starts at Home unless it asks.
    @discardableResult
    public func openFirstDrawing() -> Bool {
        guard nav.screen == .home, drawings.drawing == nil, listDrawings().isEmpty else { return false }
        setPlayers(nav.setup.marbles)
        startNewDrawing()
        guard nav.screen == .drawing else { return false }
        // The ghost shows how instead of the panel of keys, which would cover its loop.
        nav.setHelp(false)
        showHow()
        return true
    }

    /// Starts the ghost where the first marble is, and says what it does: for a child alone
    /// (with several at the board, the help's panel of each one's keys says it).
    func showHow() {
        guard nav.screen == .drawing, players.count == 1, let d = drawings.drawing, let first = d.session.marbles.first else { return }
        guide.coach.ghost = Ghost(at: first.ball.position, d.session.configuration)
        guide.coach.toldTurn = false
        guide.coach.hints.resetIdle()
        // After what is being said (a greeting), not over it.
        speak(CoachWords.ghostStarts, interrupts: false)
    }

    /// Help (F1 or the ? button) was pressed in a drawing: its panel and the ghost come and go together.
    func helpToggled() {
        if nav.help { showHow() } else { guide.coach.ghost = nil }
    }

    /// The whole ghost showing now, if any.
    public var ghostShowing: Bool { guide.coach.ghost != nil }

    /// A frame of anything but a live drawing: menu hints, and the drawing's clocks at rest.
    func coachFrame(dt: Double) {
        if nav.screen != .drawing { guide.coach.ghost = nil }
        guard !isDrawingLive else { return }
        guard nav.question == nil, let likely = CoachWords.likely(on: nav.screen) else {
            guide.coach.hints.otherFrame(dt: dt)
            return
        }
        if guide.coach.hints.menuFrame(dt: dt, screen: nav.screen, focus: nav.focus) {
            guide.coach.hints.pointed(at: likely.action)
            speak(likely.says)
        }
    }

    /// A frame of a live drawing whose players gave `outs`: the ghost rolls on, or leaves at
    /// the first tilt; with no ghost, a hint after a while without a tilt.
    func coachDrawingFrame(_ outs: [ControlOutput], dt: Double) {
        let tilting = outs.contains { $0.tilt.length > 0.05 }
        if guide.coach.ghost != nil {
            // A second child (a phone or pad joining) takes over as a tilt does.
            if tilting || players.count > 1 {
                guide.coach.ghost = nil
            } else {
                guide.coach.ghost?.advance(dt: dt)
                if !guide.coach.toldTurn, let g = guide.coach.ghost, g.loops >= 1 {
                    guide.coach.toldTurn = true
                    speak(CoachWords.yourTurn, interrupts: false)
                }
                guide.coach.hints.otherFrame(dt: dt)
                return
            }
        }
        if let turn = guide.coach.hints.drawingFrame(dt: dt, tilting: tilting) {
            let all = CoachWords.drawing
            speak(all[turn % all.count])
        }
    }

    // MARK: - The scene

    /// The coach's shapes laid over `scene` in `l`: the ghost and its trail over the canvas,
    /// the tilt pad picture in a corner, a pulse round the button a hint names.
    func coachScene(_ scene: inout Scene, _ l: Layout) {
        if nav.screen == .drawing, let d = drawings.drawing, !scene.layers.isEmpty {
            let session = d.session
            let n = session.marbles.count
            let place = CanvasPlacement(width: session.canvas.width, height: session.canvas.height,
                                        in: DrawingScreen.canvasArea(players: n, l))
            var shapes: [Element] = []
            if let g = guide.coach.ghost {
                shapes += CoachScene.ghost(g, radius: session.configuration.parameters.ballRadius,
                                           pen: session.configuration.parameters.penWidth, place)
                shapes.append(CoachScene.pad(tilt: g.tilt, pulse: 0, l))
            } else if isDrawingLive, n == 1, let pulse = guide.coach.hints.pulse, guide.coach.hints.button == nil {
                // Alone: with more players their tool columns fill both sides down to the corner.
                shapes.append(CoachScene.pad(tilt: GhostLog.tilt(at: guide.coach.hints.sinceHint), pulse: pulse, l))
            }
            scene.layers[0].elements += shapes
        }
        if let action = guide.coach.hints.button, let pulse = guide.coach.hints.pulse, CoachWords.likely(on: nav.screen)?.action == action,
           let b = scene.buttons.first(where: { $0.action == action }) {
            scene.overlay.append(.pulse(b.rect, amount: pulse))
        }
    }
}
