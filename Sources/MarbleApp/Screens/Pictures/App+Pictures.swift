import MarbleKit

/// Setup ▸ Picture's actions: showing the shelf, and choosing what the next drawing is painted over.
extension App {
    /// Shows the pictures to paint over, as the environment's shelf has them now, focus on the
    /// one chosen (else the empty board).
    func showPictures() {
        let shelf = drawings.store.environment.pictureShelf
        nav.showShelf(shelf?.list() ?? [], pages: shelf?.pages() ?? [])
        show(.pictures)
        if let path = nav.setup.picture?.path, let i = nav.pictures.tiles.firstIndex(of: path) { nav.focus(i) }
    }

    /// The next drawing over the picture at `path` (nil: the empty board), back on Setup. A
    /// picture that cannot be read is said, and the choice stays as it was.
    func choosePicture(_ path: String?) {
        guard let path else {
            nav.changeSetup { $0.picture = nil }
            show(.setup)
            return
        }
        guard let shelf = drawings.store.environment.pictureShelf else { return }
        do {
            // At least the window's canvas: a photo meant for it decodes scaled down.
            let p = try shelf.load(path, (1280, 800))
            let page = nav.pictures.page(path)
            let name = nav.pictures.name(path)
            let picture = SetupPicture(name: name, width: p.width, height: p.height, rgba: p.pixels, kind: page == nil ? .photo : .page,
                                       path: path)
            nav.changeSetup { $0.picture = picture }
            show(.setup)
        } catch {
            report(error, tr("Could not read that picture"), context: "picture")
        }
    }
}
