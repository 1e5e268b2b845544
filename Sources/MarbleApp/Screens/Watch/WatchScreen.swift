import MarbleKit

/// Watching a drawing grow: its canvas large, a bar of how far it has played, the speed, and
/// Back, Slower, Pause or Play, Faster.
enum WatchScreen {
    /// The scene of `watch`: a pure function of its clock and settings.
    static func scene(_ watch: WatchPlayer, _ l: Layout) -> Scene {
        let barHeight = 150 * l.u
        let area = Rect(x: 16 * l.u, y: 16 * l.u, w: l.width - 32 * l.u, h: l.height - barHeight - 16 * l.u)
        let place = CanvasPlacement(width: watch.canvas.width, height: watch.canvas.height, in: area)
        let canvasRect = place.rect
        // How far it has played: a track and its filled part, under the picture.
        let track = Rect(x: 40 * l.u, y: l.height - barHeight + 14 * l.u, w: l.width - 80 * l.u, h: 14 * l.u)
        var filled = track
        filled.w = track.w * watch.fraction
        let state = watch.paused ? (watch.atEnd ? tr("The end") : tr("Paused")) : tr("Playing")
        let session = watch.session, n = session.marbles.count
        var elements: [Element] = [.canvas(canvasRect)]
        // Every marble's ball as it plays (marble 1 on top), each in its player's ring with several.
        for k in session.marbles.indices.reversed() { elements += place.balls(session, marble: k, tagged: n > 1) }
        elements += [
            .box(track, Palette.panel, radius: 7 * l.u),
            .box(filled, Palette.focus, radius: 7 * l.u),
            .text("\(state) · \(speedText(watch.speed)) · \(Int((watch.fraction * 100).rounded()))%",
                  Point(40 * l.u, l.height - 22 * l.u), .body, Palette.text, .left),
        ]
        // Wider than tall: a word longer than "Slower" (a translation's) keeps its size.
        let side = 96 * l.u, wide = 140 * l.u, gap = 14 * l.u, top = l.height - side - 18 * l.u
        let x0 = l.width - 4 * wide - 3 * gap - 40 * l.u
        let buttons = [
            Button(.back, icon: .back, label: tr("Back"), rect: Rect(x: x0, y: top, w: wide, h: side), color: Palette.neutral, key: "Esc"),
            Button(.watchSpeed(-1), icon: .slower, label: tr("Slower"), rect: Rect(x: x0 + wide + gap, y: top, w: wide, h: side), key: "−"),
            Button(.watchPause, icon: watch.paused ? .play : .pause, label: watch.paused ? tr("Play") : tr("Pause"),
                   rect: Rect(x: x0 + 2 * (wide + gap), y: top, w: wide, h: side), color: Palette.go, key: "Space"),
            Button(.watchSpeed(1), icon: .faster, label: tr("Faster"), rect: Rect(x: x0 + 3 * (wide + gap), y: top, w: wide, h: side), key: "+"),
        ]
        return Scene(background: Palette.backdrop, layers: [Layer(elements: elements, buttons: buttons)], focus: nil)
    }

    /// "½×", "2×".
    static func speedText(_ speed: Double) -> String {
        switch speed {
        case 0.25: "¼×"
        case 0.5: "½×"
        default: "\(Int(speed))×"
        }
    }

    /// Space pauses or plays, + and − change the speed, ← and → seek 5%, Esc goes back (a
    /// menu key); the arrows seek rather than move the focus.
    static func key(_ key: Key) -> KeyResponse {
        switch key {
        case .space: .act(.watchPause)
        case .plus: .act(.watchSpeed(1))
        case .minus: .act(.watchSpeed(-1))
        case .left: .act(.watchSeek(-1))
        case .right: .act(.watchSeek(1))
        case .escape: .act(.back)
        default: .ignore
        }
    }
}
