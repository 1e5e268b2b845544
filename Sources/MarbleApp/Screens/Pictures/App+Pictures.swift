import MarbleKit

/// Setup ▸ Picture's actions: showing the shelf, and choosing what the next drawing is painted over.
extension App {
    /// Shows the pictures to paint over, as the environment's shelf has them now, focus on the
    /// one chosen (else the empty board).
    func showPictures() {
        nav.showShelf(drawings.store.environment.pictureShelf?.list() ?? [])
        show(.pictures)
        let shown = nav.shelf.prefix(PicturesScreen.tiles - 1)
        if let path = nav.setup.picture?.path, let i = shown.firstIndex(where: { $0.path == path }) { nav.focus(i + 1) }
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
            let name = nav.shelf.first { $0.path == path }?.name ?? path
            let picture = SetupPicture(name: name, width: p.width, height: p.height, rgba: p.pixels, path: path)
            nav.changeSetup { $0.picture = picture }
            show(.setup)
        } catch {
            report(error, "Could not read that picture", context: "picture")
        }
    }
}
