import MarbleKit

/// What Setup ▸ Picture offers, as listed when it was shown: the colouring pages and the photos.
public struct PictureChoices: Equatable, Sendable {
    public var pages: [PictureShelf.Item] = []
    public var photos: [PictureShelf.Item] = []

    /// The tiles' pictures in the screen's order: the empty board (nil), the pages, the photos.
    var tiles: [String?] {
        [nil] + pages.prefix(PicturesScreen.pageTiles).map(\.path) + photos.prefix(PicturesScreen.photoTiles).map(\.path)
    }

    /// The page at `path`, if it is one.
    func page(_ path: String) -> PictureShelf.Item? { pages.first { $0.path == path } }

    /// The name of the picture at `path` (its path when it is not offered).
    func name(_ path: String) -> String {
        (page(path) ?? photos.first { $0.path == path })?.name ?? path
    }
}
