import CSDL2
import Foundation
import MarblePNG

/// Thumbnails from disk as textures, reloaded when the file changes.
struct PictureCache {
    struct Entry {
        var texture: OpaquePointer?
        var width: Int
        var height: Int
        var stamp: Date?
    }

    var entries: [String: Entry] = [:]

    mutating func texture(_ path: String, renderer: OpaquePointer) -> Entry? {
        let stamp = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        if let e = entries[path], e.stamp == stamp { return e.texture == nil ? nil : e }
        if let old = entries[path]?.texture { SDL_DestroyTexture(old) }
        var entry = Entry(texture: nil, width: 0, height: 0, stamp: stamp)
        // A missing or broken thumbnail shows the button's icon instead.
        if let data = FileManager.default.contents(atPath: path), let image = try? PNGImage.decode([UInt8](data)),
           let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                     Int32(image.width), Int32(image.height)) {
            image.rgba.withUnsafeBytes { _ = SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(image.width * 4)) }
            entry = Entry(texture: t, width: image.width, height: image.height, stamp: stamp)
        }
        entries[path] = entry
        return entry.texture == nil ? nil : entry
    }

    mutating func destroy() {
        for e in entries.values { if let t = e.texture { SDL_DestroyTexture(t) } }
        entries = [:]
    }
}
