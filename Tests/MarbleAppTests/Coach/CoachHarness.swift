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

    /// Everything the app asked the voice to say, in order.
    var spoken: [String] {
        platform.effects.compactMap { if case .speak(let s) = $0 { s.text } else { nil } }
    }

    /// The first marble's position on the canvas.
    var marble: Vec2? { session?.marbles.first?.ball.position }
}
