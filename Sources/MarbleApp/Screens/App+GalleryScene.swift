import Foundation
import MarbleKit

extension App {
    func galleryScene(_ l: Layout) -> Scene {
        var buttons = [Button(.back, icon: .back, label: "Home", rect: l.rect(30, 24, 150, 110), color: Palette.neutral, key: "Esc")]
        var elements: [Element] = [title(l, "Gallery")]
        if galleryEntries.isEmpty {
            elements.append(.text("No drawings yet.", l.point(640, 330), .title, Palette.dimText, .center))
            buttons.append(Button(.newDrawing, icon: .plus, label: "New", rect: l.rect(530, 400, 220, 200), color: Palette.go, key: "N"))
            return Scene(layers: [Layer(elements: elements, buttons: buttons)])
        }
        let columns = GalleryLayout.columns
        let tileW = 270.0, tileH = 200.0, gapX = 30.0, rowH = 320.0
        let x0 = (1280 - Double(columns) * tileW - Double(columns - 1) * gapX) / 2
        // Deleting can leave the scroll past the end: clamp it before slicing.
        let rowCount = (galleryEntries.count + columns - 1) / columns
        galleryTop = max(0, min(galleryTop, rowCount - GalleryLayout.rowsShown))
        let first = galleryTop * columns
        let shown = galleryEntries[first..<min(galleryEntries.count, first + columns * GalleryLayout.rowsShown)]
        for (k, entry) in shown.enumerated() {
            let col = Double(k % columns), row = Double(k / columns)
            let x = x0 + col * (tileW + gapX), y = 160 + row * rowH
            buttons.append(Button(.open(entry.id), icon: .play, label: shortTitle(entry), rect: l.rect(x, y, tileW, tileH),
                                  picture: entry.thumbnailPath))
            buttons.append(Button(.deleteDrawing(entry.id), icon: .trash, label: "", rect: l.rect(x + tileW - 64, y + tileH + 12, 64, 64),
                                  color: Palette.danger, key: nil))
            elements.append(.text(Self.durationText(entry.duration), l.point(x, y + tileH + 44), .small, Palette.dimText, .left))
        }
        let pages = (galleryEntries.count + columns * GalleryLayout.rowsShown - 1) / (columns * GalleryLayout.rowsShown)
        if pages > 1 {
            elements.append(.text("\(galleryTop + 1)–\(min(rowCount, galleryTop + GalleryLayout.rowsShown)) of \(rowCount) rows · scroll for more",
                                  l.point(640, 780), .small, Palette.dimText, .center))
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// Where focus goes when the gallery opens, scrolls or loses a drawing: the first drawing
    /// shown (Home is button 0), or Home when there is none.
    var galleryFirstTile: Int { galleryEntries.isEmpty ? 0 : 1 }

    func shortTitle(_ e: DrawingSummary) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "d MMM, HH:mm"
        return e.title.hasPrefix("Drawing of ") ? f.string(from: Date(timeIntervalSince1970: e.modified)) : String(e.title.prefix(24))
    }

    static func durationText(_ seconds: Double) -> String {
        let s = Int(max(0, min(seconds, 1e7)))
        return s < 60 ? "\(s) s" : "\(s / 60) min \(s % 60) s"
    }
}
