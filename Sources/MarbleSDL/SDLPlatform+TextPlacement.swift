import CSDL2
import Foundation
import MarbleApp
import MarbleKit

/// One text as the window draws it: its words, where, at what pixel size, aligned how, and the
/// width it must keep within (nil: only the window's).
struct TextSpot: Equatable {
    var text: String
    var at: Point
    var px: Int
    var align: TextAlign
    var maxWidth: Double?
    /// The lines it is drawn on when it wraps (empty: one line, the text).
    var lines: [String] = []

    /// The lines drawn: the wrapped ones, or the text alone.
    var drawnLines: [String] { lines.isEmpty ? [text] : lines }
}

/// A text placed in the window: where each of its lines lands, and how much it was shrunk.
struct TextPlacement: Equatable {
    /// Each line's words and box, top to bottom (two when a long text wraps).
    var lines: [(text: String, rect: Rect)]
    /// The drawn size over the asked size (1: not shrunk).
    var scale: Double

    /// The box round every line.
    var rect: Rect {
        guard let first = lines.first?.rect else { return Rect(x: 0, y: 0, w: 0, h: 0) }
        return lines.dropFirst().reduce(first) { r, line in
            let l = line.rect
            let x = min(r.x, l.x), y = min(r.y, l.y)
            return Rect(x: x, y: y, w: max(r.maxX, l.maxX) - x, h: max(r.maxY, l.maxY) - y)
        }
    }

    static func == (a: TextPlacement, b: TextPlacement) -> Bool {
        a.scale == b.scale && a.lines.map(\.text) == b.lines.map(\.text) && a.lines.map(\.rect) == b.lines.map(\.rect)
    }
}

extension SDLPlatform {
    /// Where `spot` lands when its lines measure `sizes` at its size: shrunk, all alike, to
    /// its room when the widest is wider, each aligned at its point, the lines one under the
    /// other and centred together on its height.
    /// (Keeping inside the window and off its neighbours is `fittedTexts`': it sets `maxWidth`.)
    static func place(_ spot: TextSpot, sizes: [(width: Double, height: Double)]) -> TextPlacement {
        let room = max(1, spot.maxWidth ?? .infinity)
        let widest = sizes.map(\.width).max() ?? 0
        let scale = widest > room ? room / widest : 1
        let lineHeight = (sizes.first?.height ?? 0) * scale
        let top = spot.at.y - lineHeight * Double(sizes.count) / 2
        var lines: [(text: String, rect: Rect)] = []
        for (k, (text, size)) in zip(spot.drawnLines, sizes).enumerated() {
            let w = size.width * scale
            let x: Double
            switch spot.align {
            case .left: x = spot.at.x
            case .center: x = spot.at.x - w / 2
            case .right: x = spot.at.x - w
            }
            lines.append((text, Rect(x: x, y: top + Double(k) * lineHeight, w: w, h: size.height * scale)))
        }
        return TextPlacement(lines: lines, scale: scale)
    }

    /// Where `spot` lands in this window, measured with the font it is drawn in (nil: no font or
    /// no text).
    func placement(_ spot: TextSpot) -> TextPlacement? {
        var sizes: [(width: Double, height: Double)] = []
        for line in spot.drawnLines {
            guard let e = caches.text.texture(line, size: max(8, spot.px), color: RGBA8(255, 255, 255), renderer: renderer) else { return nil }
            sizes.append((Double(e.width), Double(e.height)))
        }
        return Self.place(spot, sizes: sizes)
    }
}
