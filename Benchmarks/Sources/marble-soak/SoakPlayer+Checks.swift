import MarbleApp
import MarbleKit

/// What a soak fails on, with what was seen.
struct SoakFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

extension SoakPlayer {
    /// After every frame: the ball on the board and every number of the drawing and the
    /// controls finite.
    func check() throws {
        let where_ = String(format: "at %.1f simulated s (launch %d, frame %d)", simulated, figures.launches, figures.frames)
        guard app.controls.heading.isFinite, app.drawingTime.isFinite else {
            throw SoakFailure("the controls' heading or the drawing's clock is not finite \(where_)")
        }
        // The scene's numbers (the ball, the dial, every rectangle) every half second.
        if figures.frames % 30 == 0, let scene = platform.lastScene, !Self.allFinite(scene) {
            throw SoakFailure("NaN or infinity in the scene on \(app.screen) \(where_)")
        }
        guard let d = app.drawing else { return }
        let s = d.session
        let c = s.configuration
        let r = c.parameters.ballRadius
        let w = Double(c.canvasWidth), h = Double(c.canvasHeight)
        // The walls as the physics has them: [r, W−r] × [r, H−r], the middle when the ball is wider.
        let lo = (x: min(r, w / 2), y: min(r, h / 2)), hi = (x: max(w - r, w / 2), y: max(h - r, h / 2))
        let p = s.marbles[0].ball.position
        guard p.isFinite, s.marbles[0].ball.velocity.isFinite, s.time.isFinite, s.marbles[0].heading.isFinite, s.duration.isFinite else {
            throw SoakFailure("NaN or infinity in the drawing: ball \(s.marbles[0].ball), time \(s.time), heading \(s.marbles[0].heading) \(where_)")
        }
        guard p.x >= lo.x, p.x <= hi.x, p.y >= lo.y, p.y <= hi.y else {
            throw SoakFailure("the ball left the board: \(p) on \(c.canvasWidth)×\(c.canvasHeight), radius \(r) \(where_)")
        }
    }

    /// Whether every Double (and Float) in `value`, however deep, is finite.
    static func allFinite(_ value: Any) -> Bool {
        if let x = value as? Double { return x.isFinite }
        if let x = value as? Float { return x.isFinite }
        return Mirror(reflecting: value).children.allSatisfy { allFinite($0.value) }
    }

    /// At the end: the peak within the limit, and no growth from launch to launch (the RSS just
    /// after the last quarter's launches within 1.5 times the first quarter's, plus 64 MiB).
    func checkMemory() throws {
        let peak = Memory.peakMiB()
        guard peak <= options.maxRSSMiB else { throw SoakFailure("peak RSS \(Int(peak)) MiB is over \(Int(options.maxRSSMiB)) MiB") }
        let quarter = max(figures.rssAtLaunch.count / 4, 1)
        let first = figures.rssAtLaunch.prefix(quarter).max() ?? 0
        let last = figures.rssAtLaunch.suffix(quarter).max() ?? 0
        guard last <= first * 1.5 + 64 else {
            throw SoakFailure("memory grows from launch to launch: \(Int(first)) MiB early, \(Int(last)) MiB late")
        }
    }
}
