import Foundation
import MarbleKit

/// The gallery: the drawings as thumbnails, four by two, newest first, each with a bin; with a
/// class folder, each with its tray too (a clock while its hand-in waits, a tick once it is
/// in), and Open a code.
enum GalleryScreen {
    /// `handIns`: each shown drawing's hand-in, nil when no class folder is set here.
    static func scene(_ page: GalleryPage, handIns: [String: HandInView]? = nil, _ l: Layout) -> Scene {
        var buttons = [Button(.back, icon: .back, label: tr("Home"), rect: l.rect(30, 24, 150, 110), color: Palette.neutral, key: "Esc")]
        var elements: [Element] = [Titles.title(l, tr("Gallery"))]
        if page.entries.isEmpty {
            elements.append(.text(tr("No drawings yet."), l.point(640, 330), .title, Palette.dimText, .center))
            buttons.append(Button(.newDrawing, icon: .plus, label: tr("New"), rect: l.rect(530, 400, 220, 200), color: Palette.go, key: "N"))
            return Scene(layers: [Layer(elements: elements, buttons: buttons)])
        }
        let columns = GalleryPage.columns
        let tileW = 270.0, tileH = 200.0, gapX = 30.0, rowH = 320.0
        let x0 = (1280 - Double(columns) * tileW - Double(columns - 1) * gapX) / 2
        for (k, entry) in page.shown.enumerated() {
            let col = Double(k % columns), row = Double(k / columns)
            let x = x0 + col * (tileW + gapX), y = 160 + row * rowH
            buttons.append(Button(.open(entry.id), icon: .play, label: shortTitle(entry), rect: l.rect(x, y, tileW, tileH),
                                  picture: entry.thumbnailPath))
            buttons.append(Button(.deleteDrawing(entry.id), icon: .trash, label: "", rect: l.rect(x + tileW - 64, y + tileH + 12, 64, 64),
                                  color: Palette.danger, key: nil))
            // With a class folder the tray takes the duration's place under the tile. Everything
            // under the tile is centred on one line, the delete button's middle (tileH + 44).
            var info = x
            if let handIn = handIns?[entry.id] {
                buttons.append(Button(.handIn(entry.id), icon: handIn.icon, label: "", rect: l.rect(x, y + tileH + 12, 64, 64),
                                      color: handIn.color, key: nil))
                if let why = handIn.reasonIcon { elements.append(.icon(why, l.rect(x + 46, y + tileH + 4, 26, 26), Palette.danger)) }
                info = x + 14
            } else {
                elements.append(.text(durationText(entry.duration), l.point(x, y + tileH + 44), .small, Palette.dimText, .left))
            }
            if let shape = entry.trace {
                // The shape it traces, as Setup shows it (the guide itself is on the drawing).
                elements.append(.icon(.trace(shape), l.rect(info + 58, y + tileH + 29, 30, 30), Palette.star))
            }
            let shares = entry.movingShares
            if !shares.isEmpty {
                // A small meter: the share of the drawing's time spent moving; with several
                // children, a bar each, side by side, filled in their colour.
                elements.append(.icon(.stopwatch, l.rect(info + 96, y + tileH + 30, 28, 28), Palette.dimText))
                let n = Double(shares.count), gap = 3.0, w = (60 - gap * (n - 1)) / n
                for (k, share) in shares.enumerated() {
                    let bx = info + 128 + Double(k) * (w + gap)
                    elements.append(.box(l.rect(bx, y + tileH + 39, w, 10), Palette.neutral, radius: 5 * l.u))
                    let fill = shares.count > 1 ? PlayerColors.color(of: k) : Palette.go
                    if share > 0 { elements.append(.box(l.rect(bx, y + tileH + 39, w * share, 10), fill, radius: 5 * l.u)) }
                }
            }
        }
        if handIns != nil {
            buttons.append(Button(.openCode, icon: .cloudDown, label: tr("Code"), rect: l.rect(1100, 24, 150, 110), color: Palette.button, key: "C"))
        }
        if page.rowCount > GalleryPage.rowsShown {
            let last = min(page.rowCount, page.top + GalleryPage.rowsShown)
            elements.append(.text(tr("{first}–{last} of {rows} rows · scroll for more", ["first": page.top + 1, "last": last, "rows": page.rowCount]),
                                  l.point(640, 780), .small, Palette.dimText, .center))
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// N starts a drawing when there is none; Delete or Backspace asks to delete the focused one.
    /// With a class folder, I hands in the focused drawing and C opens a code.
    static func key(_ key: Key, _ page: GalleryPage, focused: String?, handIn: Bool = false) -> KeyResponse {
        if handIn && key == .c { return .act(.openCode) }
        if handIn && key == .i, let focused { return .act(.handIn(focused)) }
        if key == .n && page.entries.isEmpty { return .act(.newDrawing) }
        if key == .delete || key == .backspace, let focused { return .act(.deleteDrawing(focused)) }
        if key == .w, let focused { return .act(.watch(focused)) }
        return .navigate
    }

    /// A tile's name: its date for the automatic titles, else the title's start.
    static func shortTitle(_ e: DrawingSummary) -> String {
        e.title.hasPrefix("Drawing of ") ? tileDate.string(from: Date(timeIntervalSince1970: e.modified)) : String(e.title.prefix(24))
    }

    // Made once: the scene is built every frame and for every click, and a formatter is slow to make.
    private static let tileDate: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "d MMM, HH:mm"
        return f
    }()

    static func durationText(_ seconds: Double) -> String {
        let s = Int(max(0, min(seconds, 1e7)))
        return s < 60 ? tr("{s} s", ["s": s]) : tr("{min} min {s} s", ["min": s / 60, "s": s % 60])
    }
}
