import MarbleKit

/// Setup ▸ Picture: what a new drawing is painted over. The top row: the empty board and the
/// colouring pages shipped with marble; below: the photos of the Pictures folder, newest first;
/// each a big tile of itself. Back (Esc) keeps the choice.
enum PicturesScreen {
    /// Tiles a row.
    static let columns = 5
    /// Colouring pages shown (the top row after the empty board) and photos shown (the row below).
    static let pageTiles = columns - 1, photoTiles = columns

    static func scene(pages: [PictureShelf.Item], photos: [PictureShelf.Item], chosen: String?, _ l: Layout) -> Scene {
        func cell(_ row: Int, _ i: Int) -> Rect { l.rect(95 + Double(i) * 220, 130 + Double(row) * 220, 200, 190) }
        var buttons = [Button(.choosePicture(nil), icon: .picture(false), label: tr("Empty"), rect: cell(0, 0), selected: chosen == nil)]
        for (i, page) in pages.prefix(pageTiles).enumerated() {
            buttons.append(Button(.choosePicture(page.path), icon: .picture(true), label: short(page.name), rect: cell(0, i + 1),
                                  color: Palette.trace, selected: chosen == page.path, picture: page.path))
        }
        for (i, item) in photos.prefix(photoTiles).enumerated() {
            buttons.append(Button(.choosePicture(item.path), icon: .picture(true), label: short(item.name), rect: cell(1, i),
                                  selected: chosen == item.path, picture: item.path))
        }
        buttons.append(Button(.back, icon: .back, label: tr("Back"), rect: l.rect(80, 615, 200, 140), color: Palette.neutral, key: "Esc"))
        var elements: [Element] = [Titles.title(l, tr("Paint over"))]
        if photos.isEmpty {
            elements.append(.text(tr("Put photos in the Pictures folder to paint over them"), l.point(640, 450), .small, Palette.dimText, .center))
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// A file's name short enough for its tile, without its extension.
    static func short(_ name: String) -> String {
        let base = name.split(separator: ".").dropLast().joined(separator: ".")
        let s = base.isEmpty ? name : base
        return s.count > 12 ? String(s.prefix(11)) + "…" : s
    }

    static func key(_ key: Key) -> KeyResponse {
        key == .escape ? .act(.back) : .navigate
    }
}
