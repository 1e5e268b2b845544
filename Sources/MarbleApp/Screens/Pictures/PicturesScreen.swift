import MarbleKit

/// Setup ▸ Picture: what a new drawing is painted over. The empty board first, then the photos
/// of the Pictures folder, newest first, as big tiles of themselves; Back (Esc) keeps the choice.
enum PicturesScreen {
    /// Tiles on the screen: the empty board and this many photos less one.
    static let tiles = 8

    static func scene(_ shelf: [PictureShelf.Item], chosen: String?, _ l: Layout) -> Scene {
        let cells = (0..<tiles).map { i in
            l.rect(150 + Double(i % 4) * 250, 150 + Double(i / 4) * 230, 220, 200)
        }
        var buttons = [Button(.choosePicture(nil), icon: .picture(false), label: "Empty", rect: cells[0],
                              selected: chosen == nil)]
        for (item, rect) in zip(shelf.prefix(tiles - 1), cells.dropFirst()) {
            buttons.append(Button(.choosePicture(item.path), icon: .picture(true), label: short(item.name), rect: rect,
                                  selected: chosen == item.path, picture: item.path))
        }
        buttons.append(Button(.back, icon: .back, label: "Back", rect: l.rect(80, 615, 200, 140), color: Palette.neutral, key: "Esc"))
        var elements: [Element] = [Titles.title(l, "Paint over")]
        if shelf.isEmpty {
            elements.append(.text("Put photos in the Pictures folder to paint over them", l.point(640, 640), .small, Palette.dimText, .center))
        }
        return Scene(layers: [Layer(elements: elements, buttons: buttons)])
    }

    /// A file's name short enough for its tile, without its extension.
    static func short(_ name: String) -> String {
        let base = name.split(separator: ".").dropLast().joined(separator: ".")
        let s = base.isEmpty ? name : base
        return s.count > 14 ? String(s.prefix(13)) + "…" : s
    }

    static func key(_ key: Key) -> KeyResponse {
        key == .escape ? .act(.back) : .navigate
    }
}
