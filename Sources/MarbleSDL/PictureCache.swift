import CSDL2
import Foundation
import MarbleKit
import MarblePictures

/// Pictures from disk as textures (drawings' thumbnails, the photos to paint over), reloaded
/// when the file changes. A photo is decoded small where its format allows (a JPEG's DCT
/// scaling) and kept at most `maxSide` on a side: a 12-megapixel photo is a tile, not 48 MB.
struct PictureCache {
    struct Entry {
        var texture: OpaquePointer?
        var width: Int
        var height: Int
        var stamp: Date?
    }

    var entries: [String: Entry] = [:]
    static let maxSide = 480

    mutating func texture(_ path: String, renderer: OpaquePointer) -> Entry? {
        let stamp = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        if let e = entries[path], e.stamp == stamp { return e.texture == nil ? nil : e }
        if let old = entries[path]?.texture { SDL_DestroyTexture(old) }
        var entry = Entry(texture: nil, width: 0, height: 0, stamp: stamp)
        // A missing or broken thumbnail shows the button's icon instead.
        if let image = Self.small(path),
           let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                     Int32(image.width), Int32(image.height)) {
            image.rgba.withUnsafeBytes { _ = SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(image.width * 4)) }
            entry = Entry(texture: t, width: image.width, height: image.height, stamp: stamp)
        }
        entries[path] = entry
        return entry.texture == nil ? nil : entry
    }

    /// The picture at `path`, at most `maxSide` on a side (scaled by the area average); nil when
    /// it cannot be read.
    static func small(_ path: String) -> (rgba: [UInt8], width: Int, height: Int)? {
        guard let p = try? PictureFile.load(path: path, atLeast: (maxSide / 2, maxSide / 2)) else { return nil }
        guard max(p.width, p.height) > maxSide else { return (p.rgba, p.width, p.height) }
        let scale = Double(maxSide) / Double(max(p.width, p.height))
        let w = max(1, Int(Double(p.width) * scale)), h = max(1, Int(Double(p.height) * scale))
        guard let b = Board.fitting(p.rgba, width: p.width, height: p.height, canvasWidth: w, canvasHeight: h,
                                    background: RGBA8(0, 0, 0), kind: .photo) else { return nil }
        return (b.pixels, w, h)
    }

    mutating func destroy() {
        for e in entries.values { if let t = e.texture { SDL_DestroyTexture(t) } }
        entries = [:]
    }
}
