import CSDL2
import Foundation
import MarbleApp
import MarbleKit

/// A layer's own text while it is fitted: its spot, its measured size and the scale it gets.
struct FittedText {
    var index: Int
    var spot: TextSpot
    var width: Double
    var height: Double
    var scale = 1.0

    /// A line's box is 1.16 times the font's size, its tenth above the accents and below the
    /// descenders blank: what only meets that blank is not on the line.
    var band: (Double, Double) { (spot.at.y - 0.4 * height, spot.at.y + 0.4 * height) }

    /// Whether the band `a` and the span `y0`…`y1` share more than a pixel.
    static func crosses(_ a: (Double, Double), _ y0: Double, _ y1: Double) -> Bool { min(a.1, y1) - max(a.0, y0) > 1 }
}

extension TextAlign {
    /// How much of a text's width lies right of its anchor (and left: `leftShare`).
    var rightShare: Double { self == .left ? 1 : self == .center ? 0.5 : 0 }
    var leftShare: Double { 1 - rightShare }
}

/// A text of a scene as drawn: which layer (the overlay is one past the last), which button
/// it is on (nil: a text of its own), whether it is that button's key hint, and where it lands.
struct PlacedText {
    var layer: Int
    var button: Int?
    var isKey: Bool
    var spot: TextSpot
    var placement: TextPlacement
}

extension SDLPlatform {
    /// A layer's own texts (by element index) as drawn: each shrunk, when it is too long, to
    /// the room it has on its line, that is inside the window and short of the buttons,
    /// icons and pictures beside it; two texts on one line that would run into each other
    /// share the gap between their anchors in proportion to their lengths. A text that fits
    /// is drawn as it was laid out.
    func fittedTexts(_ elements: [Element], buttons: [Button], u: Double) -> [Int: TextSpot] {
        var texts: [FittedText] = []
        var obstacles = buttons.map(\.rect), panels: [Rect] = []
        for (i, e) in elements.enumerated() {
            switch e {
            case .text(let s, let p, let size, _, let align, let maxWidth):
                let spot = TextSpot(text: s, at: p, px: max(8, Int((Double(size.rawValue) * u).rounded())), align: align, maxWidth: maxWidth)
                if let m = caches.text.measure(s, size: spot.px) { texts.append(FittedText(index: i, spot: spot, width: m.width, height: m.height)) }
            case .icon(_, let r, _), .picture(_, let r), .qr(_, _, let r): obstacles.append(r)
            case .box(let r, _, _): panels.append(r)
            default: break
            }
        }
        let gap = 3 * u, margin = 4 * u
        for k in texts.indices {
            let t = texts[k], x = t.spot.at.x, line = t.band
            var left = margin, right = size.width - margin
            // A text on a panel (the notice's, a movement chip's) keeps to it.
            if let panel = Self.ground(of: t.spot.at, in: panels) {
                left = max(left, panel.x + margin)
                right = min(right, panel.maxX - margin)
            }
            for o in obstacles where FittedText.crosses(line, o.y, o.maxY) {
                // An obstacle under the anchor is the text's own ground (a number on a badge).
                if o.x >= x { right = min(right, o.x - gap) } else if o.maxX <= x { left = max(left, o.maxX + gap) }
            }
            let shares = (t.spot.align.rightShare, t.spot.align.leftShare)
            var fit = min(t.spot.maxWidth ?? .infinity, shares.0 > 0 ? (right - x) / shares.0 : .infinity,
                          shares.1 > 0 ? (x - left) / shares.1 : .infinity)
            fit = max(1, fit)
            if t.width > fit { texts[k].scale = fit / t.width }
        }
        // Two texts on one line, anchored apart: each gives up the same share of its width.
        for a in texts.indices {
            for b in texts.indices where texts[a].spot.at.x < texts[b].spot.at.x && FittedText.crosses(texts[a].band, texts[b].band.0, texts[b].band.1) {
                let (ta, tb) = (texts[a], texts[b])
                let need = ta.width * ta.scale * ta.spot.align.rightShare + tb.width * tb.scale * tb.spot.align.leftShare
                let span = tb.spot.at.x - ta.spot.at.x - gap
                guard need > span, span > 0 else { continue }
                let s = span / need
                if ta.spot.align.rightShare > 0 { texts[a].scale *= s }
                if tb.spot.align.leftShare > 0 { texts[b].scale *= s }
            }
        }
        var out: [Int: TextSpot] = [:]
        for t in texts {
            var spot = t.spot
            if t.scale < 1 { spot.maxWidth = t.width * t.scale }
            out[t.index] = spot
        }
        wrapSentences(texts, around: obstacles, panels: panels, into: &out)
        return out
    }

    /// A sentence shrunk much further than a child reads goes onto two lines instead, when
    /// the lines above and below it are free.
    func wrapSentences(_ texts: [FittedText], around obstacles: [Rect], panels: [Rect], into out: inout [Int: TextSpot]) {
        // (Three words at least: a sentence, not a number and its unit.)
        for t in texts where t.scale < Self.wrapBelow && t.spot.text.split(separator: " ").count >= 3 {
            let room = t.width * t.scale
            guard let (lines, widest) = twoLines(t.spot.text, px: t.spot.px) else { continue }
            let scale = min(1, room / widest)
            guard scale > t.scale + 0.05 else { continue }
            let x = t.spot.at.x, h = t.height * scale
            let x0 = x - room * t.spot.align.leftShare
            let block = Rect(x: x0, y: t.spot.at.y - h, w: room, h: 2 * h)
            if let panel = Self.ground(of: t.spot.at, in: panels), block.y < panel.y || block.maxY > panel.maxY { continue }
            func clashes(_ r: Rect) -> Bool { min(block.maxX, r.maxX) - max(block.x, r.x) > 1 && min(block.maxY, r.maxY) - max(block.y, r.y) > 1 }
            let others = texts.filter { $0.index != t.index }.map { o -> Rect in
                let w = o.width * o.scale, oh = o.height * o.scale
                return Rect(x: o.spot.at.x - w * o.spot.align.leftShare, y: o.spot.at.y - oh / 2, w: w, h: oh)
            }
            guard !others.contains(where: clashes), !(obstacles + panels).contains(where: { !$0.contains(t.spot.at) && clashes($0) }) else { continue }
            var spot = t.spot
            spot.lines = lines
            spot.maxWidth = room
            out[t.index] = spot
        }
    }

    /// The smallest panel (a `.box`) under `p`, which a text anchored there keeps to.
    static func ground(of p: Point, in panels: [Rect]) -> Rect? {
        panels.filter { $0.contains(p) }.min { $0.w * $0.h < $1.w * $1.h }
    }

    /// How far a text of its own is shrunk before it tries two lines.
    static let wrapBelow = 0.75

    /// `text` split at the space that makes its two lines most alike in width, and the wider's
    /// width at `px` (nil: no font).
    func twoLines(_ text: String, px: Int) -> ([String], Double)? {
        Self.twoLines(text) { caches.text.measure($0, size: px)?.width }
    }

    /// `text` split at the space that makes its two lines most alike in `width`, and the wider's width.
    static func twoLines(_ text: String, width: (String) -> Double?) -> ([String], Double)? {
        var best: ([String], Double)?
        for i in text.indices where text[i] == " " {
            let a = String(text[..<i]).trimmingCharacters(in: .whitespaces), b = String(text[text.index(after: i)...]).trimmingCharacters(in: .whitespaces)
            guard !a.isEmpty, !b.isEmpty, let wa = width(a), let wb = width(b) else { continue }
            let widest = max(wa, wb)
            if best == nil || widest < best!.1 { best = ([a, b], widest) }
        }
        return best
    }

    /// Every text `scene` draws in this window and where it lands, as `draw` places it.
    func placedTexts(_ scene: Scene) -> [PlacedText] {
        let u = Layout(width: size.width, height: size.height).u
        var out: [PlacedText] = []
        func texts(_ elements: [Element], buttons: [Button], layer: Int) {
            for (_, spot) in fittedTexts(elements, buttons: buttons, u: u).sorted(by: { $0.key < $1.key }) {
                if let placed = placement(spot) {
                    out.append(PlacedText(layer: layer, button: nil, isKey: false, spot: spot, placement: placed))
                }
            }
        }
        for (n, layer) in scene.layers.enumerated() {
            texts(layer.elements, buttons: layer.buttons, layer: n)
            for (i, b) in layer.buttons.enumerated() {
                let g = ButtonGeometry(b, u: u, measure: { self.caches.text.measure($0, size: $1) })
                for (spot, isKey) in [(g.label, false), (g.key, true)] {
                    guard let spot, let placed = placement(spot) else { continue }
                    out.append(PlacedText(layer: n, button: i, isKey: isKey, spot: spot, placement: placed))
                }
            }
        }
        texts(scene.overlay, buttons: [], layer: scene.layers.count)
        return out
    }
}
