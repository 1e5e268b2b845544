/// The big-buttons setting: every button of the top layer grown about its centre.
extension Scene {
    /// Grows each button of the top layer by up to a tenth of its size on every side (a fifth
    /// larger), but never into a neighbour: half the gap to the nearest button is the limit.
    mutating func enlargeButtons() {
        guard var layer = layers.last else { return }
        let rects = layer.buttons.map(\.rect)
        for i in layer.buttons.indices {
            let r = rects[i]
            var room = 0.1 * min(r.w, r.h)
            for (j, o) in rects.enumerated() where j != i {
                room = min(room, Self.gap(r, o) / 2)
            }
            if room > 0 { layer.buttons[i].rect = r.inset(-room) }
        }
        layers[layers.count - 1] = layer
    }

    /// The empty space between two rectangles (0 when they touch or overlap).
    static func gap(_ a: Rect, _ b: Rect) -> Double {
        let dx = max(0, max(b.x - (a.x + a.w), a.x - (b.x + b.w)))
        let dy = max(0, max(b.y - (a.y + a.h), a.y - (b.y + b.h)))
        return max(dx, dy)
    }
}
