import MarbleKit
@testable import MarbleApp

/// What the coach tests read off a harness: the ghost in the scene, the tilt pad, what was said.
extension AppHarness {
    /// The ghost ball's centre in the scene (its see-through disc), if shown.
    var ghostCenter: Point? {
        for layer in scene.layers {
            for case .dots(let points, _, let color) in layer.elements where color == CoachScene.ghostFill { return points.first }
        }
        return nil
    }

    /// The tilt pad picture in the scene: its tilt and pulse, if shown.
    var tiltPad: (tilt: Vec2, pulse: Double)? {
        for layer in scene.layers {
            for case .tiltPad(_, let tilt, let pulse) in layer.elements { return (tilt, pulse) }
        }
        return nil
    }

    /// The pulse round a button, if any: its rectangle.
    var pulsed: Rect? {
        for case .pulse(let r, _) in scene.overlay { return r }
        return nil
    }

    /// What the coach asked the voice to say, in order: its ghost lines and hints (the
    /// narrator's greetings and button names, spoken beside them, left out).
    var spoken: [String] {
        let coach = Set(CoachWords.drawing + [CoachWords.ghostStarts, CoachWords.yourTurn]
            + [Screen.home, .setup, .end].compactMap { CoachWords.likely(on: $0)?.says })
        return platform.effects.compactMap { if case .speak(let s) = $0, coach.contains(s.text) { s.text } else { nil } }
    }

    /// The first marble's position on the canvas.
    var marble: Vec2? { session?.marbles.first?.ball.position }
}
