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
    /// The room a text has: its own width if it has one, and never past the window's edges
    /// (less a margin), whichever way it is aligned; with no window, its own width only.
    static func room(for spot: TextSpot, windowWidth: Double?, margin: Double) -> Double {
        let p = spot.at.x
        guard let windowWidth else { return max(1, spot.maxWidth ?? .infinity) }
        let window: Double
        switch spot.align {
        case .left: window = windowWidth - margin - p
        case .right: window = p - margin
        case .center: window = 2 * min(p - margin, windowWidth - margin - p)
        }
        return max(1, min(spot.maxWidth ?? .infinity, window))
    }

    /// Where `spot` lands when its lines measure `sizes` at its size: shrunk, all alike, to
    /// its room when the widest is wider, each aligned at its point, the lines one under the
    /// other and centred together on its height.
    static func place(_ spot: TextSpot, sizes: [(width: Double, height: Double)], windowWidth: Double?, margin: Double) -> TextPlacement {
        let room = room(for: spot, windowWidth: windowWidth, margin: margin)
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
    /// no text); `inWindow`, kept inside the window too (a button's texts keep to its body).
    func placement(_ spot: TextSpot, u: Double, inWindow: Bool) -> TextPlacement? {
        var sizes: [(width: Double, height: Double)] = []
        for line in spot.drawnLines {
            guard let e = caches.text.texture(line, size: max(8, spot.px), color: RGBA8(255, 255, 255), renderer: renderer) else { return nil }
            sizes.append((Double(e.width), Double(e.height)))
        }
        return Self.place(spot, sizes: sizes, windowWidth: inWindow ? size.width : nil, margin: 4 * u)
    }
}

/// Where a button's parts go: its body, its icon's box, and its label's and key hint's spots.
struct ButtonGeometry {
    var body: Rect
    var iconBox: Rect
    var isToggle: Bool
    var chosen: Bool
    var hasLabel: Bool
    var label: TextSpot?
    var key: TextSpot?

    /// With `measure` (a text's width and height at a pixel size), a label that would be
    /// shrunk past `SDLPlatform.wrapBelow` and has two words or more goes on two lines, the
    /// icon above made smaller by a line.
    init(_ b: Button, u: Double, measure: ((String, Int) -> (width: Double, height: Double)?)? = nil) {
        body = b.rect
        // An option shows whether it is chosen: the scene says which buttons are options.
        isToggle = b.selected != nil
        chosen = b.selected == true
        if isToggle && chosen { body = body.inset(5 * u) }
        hasLabel = !b.label.isEmpty
        // On a narrow button the key hint takes the width of the top: the icon starts below it.
        // Narrow (and small, below) go by the button's own width, chosen or not (a chosen one's
        // frame narrows its body), so an icon keeps its place when its button is chosen.
        let narrow = b.key != nil && b.rect.w < 160 * u
        // A low, wide button (a list row's "Let go") has no room for an icon above its label:
        // the icon goes at its left, the label beside it.
        let inRow = hasLabel && b.icon != nil && b.picture == nil && body.h < 90 * u && body.w >= 2 * body.h
        // A small button without words (three or four children's tools) leaves the top right
        // corner to its key hint: the icon takes the rest.
        let cornered = !hasLabel && b.key?.isEmpty == false && b.rect.w < 70 * u
        iconBox = cornered ? Rect(x: body.x, y: body.y + body.h * 0.2, w: body.w * 0.8, h: body.h * 0.8).inset(body.h * 0.08)
            : !hasLabel ? body.inset(body.h * 0.15)
            : inRow ? Rect(x: body.x + 10 * u, y: body.y + body.h * 0.15, w: body.h * 0.7, h: body.h * 0.7)
            : narrow ? Rect(x: body.x, y: body.y + 26 * u, w: body.w, h: max(8 * u, body.h - 72 * u))
            : Rect(x: body.x, y: body.y + body.h * 0.08, w: body.w, h: body.h * 0.62)
        if hasLabel && inRow {
            let left = iconBox.maxX + 4 * u, right = body.maxX - 8 * u
            label = TextSpot(text: b.label, at: Point((left + right) / 2, body.center.y + 4 * u), px: Int(28 * u), align: .center,
                             maxWidth: right - left)
        } else if hasLabel {
            label = TextSpot(text: b.label, at: Point(body.center.x, body.maxY - 26 * u), px: Int(28 * u), align: .center,
                             maxWidth: body.w - 12 * u)
        }
        if !inRow, var spot = label, let maxWidth = spot.maxWidth, let measure, let m = measure(spot.text, spot.px),
           m.width * SDLPlatform.wrapBelow > maxWidth, spot.text.split(separator: " ").count >= 2,
           let (lines, widest) = SDLPlatform.twoLines(spot.text, width: { measure($0, spot.px)?.width }) {
            let scale = min(1, maxWidth / widest)
            let line = m.height * scale
            // Only below the key hint, and leaving the icon room.
            if scale > maxWidth / m.width + 0.05, spot.at.y - 1.5 * line >= body.y + (b.key == nil ? 8 : 32) * u,
               iconBox.h - line >= 24 * u {
                // The lower line where the one line was, the upper above it, the icon a line smaller.
                spot.lines = lines
                spot.at.y -= line / 2
                label = spot
                iconBox.h = max(8 * u, iconBox.h - line)
            }
        }
        if let k = b.key, !(isToggle && chosen) {
            key = TextSpot(text: k, at: Point(body.maxX - 12 * u, body.y + 20 * u), px: Int(18 * u), align: .right)
        }
    }
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
        struct Free { var index: Int; var spot: TextSpot; var width: Double; var height: Double; var scale = 1.0 }
        var texts: [Free] = []
        var obstacles = buttons.map(\.rect), panels: [Rect] = []
        for (i, e) in elements.enumerated() {
            switch e {
            case .text(let s, let p, let size, _, let align, let maxWidth):
                let spot = TextSpot(text: s, at: p, px: max(8, Int((Double(size.rawValue) * u).rounded())), align: align, maxWidth: maxWidth)
                if let m = caches.text.measure(s, size: spot.px) { texts.append(Free(index: i, spot: spot, width: m.width, height: m.height)) }
            case .icon(_, let r, _), .picture(_, let r), .qr(_, _, let r): obstacles.append(r)
            case .box(let r, _, _): panels.append(r)
            default: break
            }
        }
        let gap = 3 * u, margin = 4 * u
        // A line's box is 1.16 times the font's size, its tenth above the accents and below
        // the descenders blank: what only meets that blank is not on the line.
        func band(_ t: Free) -> (Double, Double) { (t.spot.at.y - 0.4 * t.height, t.spot.at.y + 0.4 * t.height) }
        func crosses(_ a: (Double, Double), _ y0: Double, _ y1: Double) -> Bool { min(a.1, y1) - max(a.0, y0) > 1 }
        // How much of a text's width lies right (and left) of its anchor.
        func rightShare(_ a: TextAlign) -> Double { a == .left ? 1 : a == .center ? 0.5 : 0 }
        func leftShare(_ a: TextAlign) -> Double { 1 - rightShare(a) }
        for k in texts.indices {
            let t = texts[k], x = t.spot.at.x, line = band(t)
            var left = margin, right = size.width - margin
            // A text on a panel (the notice's, a movement chip's) keeps to it.
            if let panel = Self.ground(of: t.spot.at, in: panels) {
                left = max(left, panel.x + margin)
                right = min(right, panel.maxX - margin)
            }
            for o in obstacles where crosses(line, o.y, o.maxY) {
                // An obstacle under the anchor is the text's own ground (a number on a badge).
                if o.x >= x { right = min(right, o.x - gap) } else if o.maxX <= x { left = max(left, o.maxX + gap) }
            }
            let shares = (rightShare(t.spot.align), leftShare(t.spot.align))
            var fit = min(t.spot.maxWidth ?? .infinity, shares.0 > 0 ? (right - x) / shares.0 : .infinity,
                          shares.1 > 0 ? (x - left) / shares.1 : .infinity)
            fit = max(1, fit)
            if t.width > fit { texts[k].scale = fit / t.width }
        }
        // Two texts on one line, anchored apart: each gives up the same share of its width.
        for a in texts.indices {
            for b in texts.indices where texts[a].spot.at.x < texts[b].spot.at.x && crosses(band(texts[a]), band(texts[b]).0, band(texts[b]).1) {
                let (ta, tb) = (texts[a], texts[b])
                let need = ta.width * ta.scale * rightShare(ta.spot.align) + tb.width * tb.scale * leftShare(tb.spot.align)
                let span = tb.spot.at.x - ta.spot.at.x - gap
                guard need > span, span > 0 else { continue }
                let s = span / need
                if rightShare(ta.spot.align) > 0 { texts[a].scale *= s }
                if leftShare(tb.spot.align) > 0 { texts[b].scale *= s }
            }
        }
        var out: [Int: TextSpot] = [:]
        for t in texts {
            var spot = t.spot
            if t.scale < 1 { spot.maxWidth = t.width * t.scale }
            out[t.index] = spot
        }
        // A sentence shrunk much further than a child reads goes onto two lines instead, when
        // the lines above and below it are free.
        // (Three words at least: a sentence, not a number and its unit.)
        for t in texts where t.scale < Self.wrapBelow && t.spot.text.split(separator: " ").count >= 3 {
            let room = t.width * t.scale
            guard let (lines, widest) = twoLines(t.spot.text, px: t.spot.px) else { continue }
            let scale = min(1, room / widest)
            guard scale > t.scale + 0.05 else { continue }
            let x = t.spot.at.x, h = t.height * scale
            let x0 = x - room * leftShare(t.spot.align)
            let block = Rect(x: x0, y: t.spot.at.y - h, w: room, h: 2 * h)
            if let panel = Self.ground(of: t.spot.at, in: panels), block.y < panel.y || block.maxY > panel.maxY { continue }
            func clashes(_ r: Rect) -> Bool { min(block.maxX, r.maxX) - max(block.x, r.x) > 1 && min(block.maxY, r.maxY) - max(block.y, r.y) > 1 }
            let others = texts.filter { $0.index != t.index }.map { o -> Rect in
                let w = o.width * o.scale, oh = o.height * o.scale
                return Rect(x: o.spot.at.x - w * leftShare(o.spot.align), y: o.spot.at.y - oh / 2, w: w, h: oh)
            }
            guard !others.contains(where: clashes), !(obstacles + panels).contains(where: { !$0.contains(t.spot.at) && clashes($0) }) else { continue }
            var spot = t.spot
            spot.lines = lines
            spot.maxWidth = room
            out[t.index] = spot
        }
        return out
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
                if let placed = placement(spot, u: u, inWindow: false) {
                    out.append(PlacedText(layer: layer, button: nil, isKey: false, spot: spot, placement: placed))
                }
            }
        }
        for (n, layer) in scene.layers.enumerated() {
            texts(layer.elements, buttons: layer.buttons, layer: n)
            for (i, b) in layer.buttons.enumerated() {
                let g = ButtonGeometry(b, u: u, measure: { self.caches.text.measure($0, size: $1) })
                for (spot, isKey) in [(g.label, false), (g.key, true)] {
                    guard let spot, let placed = placement(spot, u: u, inWindow: false) else { continue }
                    out.append(PlacedText(layer: n, button: i, isKey: isKey, spot: spot, placement: placed))
                }
            }
        }
        texts(scene.overlay, buttons: [], layer: scene.layers.count)
        return out
    }
}
