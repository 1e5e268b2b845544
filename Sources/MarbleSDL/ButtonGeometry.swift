import CSDL2
import Foundation
import MarbleApp
import MarbleKit

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
