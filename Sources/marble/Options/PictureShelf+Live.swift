import Foundation
import MarbleKit
import MarblePictures

extension PictureShelf {
    /// The photos in `folder` (not its subfolders): PNG, JPEG and WebP files by their names,
    /// newest first, at most `limit`; the colouring pages in `pages`; read through `io` and
    /// decoded by MarblePictures (libpng, TurboJPEG, libwebp).
    static func folder(_ folder: String, io: FileIO, pages: String? = InstalledData.pages, limit: Int = 60) -> PictureShelf {
        PictureShelf(
            list: {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                let kinds: Set<String> = ["png", "jpg", "jpeg", "webp"]
                var items: [Item] = []
                for name in names where !name.hasPrefix(".") && kinds.contains((name as NSString).pathExtension.lowercased()) {
                    let path = folder + "/" + name
                    guard let a = try? FileManager.default.attributesOfItem(atPath: path), a[.type] as? FileAttributeType == .typeRegular
                    else { continue }
                    let modified = (a[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                    items.append(Item(path: path, name: name, modified: modified))
                }
                // Newest first; the same time by name, so the order never flickers.
                items.sort { ($0.modified, $1.name) > ($1.modified, $0.name) }
                return Array(items.prefix(limit))
            },
            pages: {
                guard let pages, let names = try? FileManager.default.contentsOfDirectory(atPath: pages) else { return [] }
                return names.filter { $0.hasSuffix(".png") }.sorted().map { Item(path: pages + "/" + $0, name: $0, modified: 0) }
            },
            load: { path, size in
                let p = try PictureFile.load(path: path, io: io, atLeast: size)
                return (p.rgba, p.width, p.height)
            })
    }
}
