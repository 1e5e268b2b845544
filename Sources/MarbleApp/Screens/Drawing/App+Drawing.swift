import MarbleKit

/// The drawing screen's actions: pausing, going on, and finishing.
extension App {
    /// Stops the drawing (for `why`) and saves it.
    func pause(_ why: PauseReason) {
        drawings.pause(why)
        nav.focus(0)
        save()
    }

    /// Carries on drawing; the time spent paused is not stepped over.
    func resume() {
        guard drawings.resume() else { return }
        run.clock.restart()
    }

    func finishDrawing() {
        guard let d = drawings.drawing else { return }
        do throws(StoreError) {
            try drawings.checkpoint()
        } catch {
            report(error, tr("Could not save"), context: "save \(d.id)")
        }
        show(.end)
        // A traced shape is scored, and stars are cheered.
        if let score = drawings.scoreTrace(), score.stars > 0, !preferences.muted { sound.cheer(stars: score.stars) }
    }
}
