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

    /// Three big stars, the earned ones filled, on a shaded band across the top fifth of the
    /// canvas at `canvas` (above every guide, which starts 20% down), and how much of the shape
    /// was traced, right-aligned at `caption`.
    static func stars(_ score: TraceScore, over canvas: Rect, caption: Point, _ l: Layout) -> [Element] {
        let pad = 8 * l.u
        let side = max(16 * l.u, 0.2 * canvas.h - 3 * pad)
        let gap = side / 6
        let band = Rect(x: canvas.center.x - 1.5 * side - 2 * gap, y: canvas.y + pad, w: 3 * side + 4 * gap, h: side + pad)
        var elements: [Element] = [.box(band, Palette.shade, radius: 18 * l.u)]
        for k in 0..<3 {
            let r = Rect(x: band.x + gap + Double(k) * (side + gap), y: band.y + pad / 2, w: side, h: side)
            elements.append(.icon(.star(earned: k < score.stars), r, Palette.star))
        }
        let percent = Int((score.coverage * 100).rounded(.down))
        elements.append(.text(coverageWords(percent, score.shape), caption, .body, Palette.star, .right))
        return elements
    }
}

extension TraceOverlay {
    /// "72% of the circle": a sentence a shape, so that each language says it its own way.
    static func coverageWords(_ percent: Int, _ shape: TraceShape) -> String {
        switch shape {
        case .circle: tr("{percent}% of the circle", ["percent": percent])
        case .square: tr("{percent}% of the square", ["percent": percent])
        case .star: tr("{percent}% of the star", ["percent": percent])
        case .heart: tr("{percent}% of the heart", ["percent": percent])
        }
    }
}
