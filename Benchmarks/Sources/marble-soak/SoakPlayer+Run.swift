import Foundation
import MarbleApp
import MarbleKit

extension SoakPlayer {
    /// Plays launches until the simulated hours are spent, then checks memory; the first
    /// failure ends it.
    func run() throws {
        var expected: DrawingFingerprint?
        while timeLeft > 0 {
            try launch()
            if let e = expected {
                try continueAndCompare(e)
                if rng.chance(0.3) { try newDrawingFromTheEnd() }
            } else {
                try newDrawingFromHome()
            }
            // A launch plays for 5 minutes to 3 hours of the app's time.
            let playing = rng.seconds(5 * 60, 3 * 3600)
            while launchTime < playing && timeLeft > 0 {
                let action = SoakAction.pick(&rng)
                try action.run(self)
                figures.actions[action.name, default: 0] += 1
                guard app.isDrawingLive else {
                    throw SoakFailure("after \"\(action.name)\" the drawing is not live (screen \(app.screen), paused \(String(describing: app.paused)))")
                }
            }
            expected = try quit()
            guard timeLeft > 0 else { break }
            // Closed for a while; sometimes `marble clear` on the drawing meanwhile.
            figures.time[.closed, default: 0] += min(rng.seconds(30, 30 * 60), timeLeft)
            wallClock.seconds = simulated
            if let e = expected, rng.chance(0.15) { expected = try clearThroughTheStore(e.id) }
        }
        try checkMemory()
    }

    /// What `marble clear ID` does between two launches: the canvas cleared as a step undo
    /// takes back, through the store.
    func clearThroughTheStore(_ id: String) throws -> DrawingFingerprint {
        let d = try store.open(id)
        _ = try d.clearCanvas()
        let after = DrawingFingerprint(d)
        try d.close()
        figures.clears += 1
        return after
    }
}
