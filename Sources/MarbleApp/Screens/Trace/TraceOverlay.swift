import MarbleKit

/// What a trace challenge adds to a scene: the dotted guide over the canvas and the stars.
///
/// Scene elements only: the guide is never painted into the canvas, so pictures, hashes and
/// saved drawings hold only the paint.
enum TraceOverlay {
    /// The guide of `shape` for a `width`×`height` canvas placed at `place`: faint round dots,
    /// `TraceGuide.dotSpacing` canvas px apart, at least 1.5 px across on screen.
    static func guide(_ shape: TraceShape, width: Int, height: Int, _ place: CanvasPlacement) -> Element {
        let guide = TraceGuide(shape, width: width, height: height)
        let radius = max(1.5, TraceGuide.dotDiameter / 2 * place.scale)
        return .dots(guide.dots.map(place.point), radius: radius, Palette.guide)
    }

    /// Three big stars, the earned ones filled, centred on a shaded band at the top of `area`,
    /// with how much of the shape was traced under them.
    static func stars(_ score: TraceScore, over area: Rect, _ l: Layout) -> [Element] {
        let side = min(120 * l.u, area.w / 4.5)
        let gap = 16 * l.u
        let band = Rect(x: area.center.x - 1.5 * side - 2 * gap, y: area.y + 12 * l.u,
                        w: 3 * side + 4 * gap, h: side + 52 * l.u)
        var elements: [Element] = [.box(band, Palette.shade, radius: 18 * l.u)]
        for k in 0..<3 {
            let r = Rect(x: band.x + gap + Double(k) * (side + gap), y: band.y + 6 * l.u, w: side, h: side)
            elements.append(.icon(.star(earned: k < score.stars), r, Palette.star))
        }
        let percent = Int((score.coverage * 100).rounded(.down))
        elements.append(.text("\(percent)% of the \(score.shape.rawValue)", Point(band.center.x, band.maxY - 24 * l.u),
                              .small, Palette.text, .center))
        return elements
    }
}
