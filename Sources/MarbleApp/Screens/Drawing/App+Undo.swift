import MarbleKit

/// Undo and redo in the window: a whole stroke (or clear) at a time, through the store, so
/// they survive a relaunch exactly as `marble undo` does.
extension App {
    func undoStep() { edit("undo") { (c: DrawingController) throws(StoreError) -> Bool in try c.undo() } }
    func redoStep() { edit("redo") { (c: DrawingController) throws(StoreError) -> Bool in try c.redo() } }

    private func edit(_ name: String, _ change: (DrawingController) throws(StoreError) -> Bool) {
        guard let d = drawings.drawing, nav.screen == .drawing || nav.screen == .end else { return }
        do throws(StoreError) {
            if try !change(drawings) { say(name == "undo" ? tr("Nothing to undo.") : tr("Nothing to redo."), for: 2) }
        } catch {
            report(error, name == "undo" ? tr("Could not undo") : tr("Could not redo"), context: "\(name) \(d.id)")
        }
        // The end screen's stars follow the picture (no cheer: that is for finishing).
        if nav.screen == .end { drawings.scoreTrace() }
    }
}
