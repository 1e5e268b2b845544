import MarbleApp
import MarbleKit

/// The screens around the drawing: the end screen, Home, Setup, Settings, the gallery.
extension SoakPlayer {
    /// Enter: the end screen; maybe undo or redo there, save the log; then carry on drawing.
    func finishAndCarryOn() throws {
        try tap(.enter)
        try frames(for: rng.seconds(0.5, 20))
        if rng.chance(0.3) { try tap(rng.chance(0.5) ? .z : .y) }
        if rng.chance(0.2) {
            try tap(.l)
            figures.logsSaved += 1
        }
        try tap(.c)
    }

    /// Home → New → Setup (a physics and a difficulty) → Start, from the drawing via the end screen.
    func newDrawingFromTheEnd() throws {
        try tap(.enter)
        try tap(.h)
        if rng.chance(0.3) { try visitGallery() }
        try newDrawingFromHome()
    }

    /// From Home: N, a physics (R or F), a difficulty (1, 2 or 3), Enter.
    func newDrawingFromHome() throws {
        try tap(.n)
        try tap(rng.chance(0.5) ? .r : .f)
        try tap([Key.one, .two, .three].randomElement(using: &rng)!)
        try frames(for: rng.seconds(0.3, 5))
        try tap(.enter)
        figures.drawingsMade += 1
        guard app.isDrawingLive else { throw SoakFailure("Setup's Enter did not start a drawing (screen \(app.screen))") }
    }

    /// The gallery from Home, a look around, back.
    func visitGallery() throws {
        try tap(.g)
        for _ in 0..<Int.random(in: 0...4, using: &rng) { try tap([Key.left, .right, .up, .down].randomElement(using: &rng)!) }
        try frames(for: rng.seconds(0.5, 10))
        try tap(.escape)
    }

    /// Home's Settings: a speed, maybe upside down or left-handed (kept in the settings file,
    /// read by the next launch), back, and Continue.
    func changeSettings() throws {
        try tap(.enter)
        try tap(.h)
        try tap(.s)
        try tap([Key.one, .two, .three].randomElement(using: &rng)!)
        if rng.chance(0.3) { try tap(.i) }
        if rng.chance(0.3) { try tap(.l) }
        try tap(.escape)
        try tap(.c)
    }

    // MARK: - Launches

    /// At Home after a launch: C continues the last drawing, which must be exactly as the
    /// last quit (or the store's clear between launches) left it.
    func continueAndCompare(_ expected: DrawingFingerprint) throws {
        // The key is handled before the frame's update, which feeds a sample: compare then.
        app.resize(width: platform.size.width, height: platform.size.height)
        app.handle(.keyDown(.c, ctrl: false, isRepeat: false))
        guard let d = app.drawing else { throw SoakFailure("C on Home after launch \(figures.launches) opened no drawing") }
        let found = DrawingFingerprint(d)
        guard found == expected else {
            throw SoakFailure("drawing \(expected.id) reopened differently after launch \(figures.launches): \(found.differences(from: expected))")
        }
        figures.reopenChecks += 1
        app.handle(.keyUp(.c))
        try frame()
    }

    /// Quits as the window does (Ctrl+Q or the close button); returns the drawing as it was.
    func quit() throws -> DrawingFingerprint? {
        let open = app.drawing.map(DrawingFingerprint.init)
        closedDrawing = app.drawing
        try frame([rng.chance(0.5) ? .keyDown(.q, ctrl: true, isRepeat: false) : .quitRequested])
        guard app.finished else { throw SoakFailure("the app did not quit") }
        return open
    }
}
