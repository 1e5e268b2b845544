import CSDL2
import MarbleApp
import MarbleKit
import MarblePictures

/// Pictures the scene names by path (drawings' thumbnails, the photos to paint over) as
/// textures, read again when the file changes. The bytes come from the app's `PlatformFiles`
/// (the environment's disk): nothing here opens a file. A photo is decoded small where its
/// format allows (a JPEG's DCT scaling) and kept at most `maxSide` on a side: a 12-megapixel
/// photo is a tile, not 48 MB.
struct PictureCache {
    struct Entry {
        var texture: OpaquePointer?
        var width: Int
        var height: Int
        var stamp: POSIX.FileTime?
    }

    var entries: [String: Entry] = [:]
    static let maxSide = 480

    mutating func texture(_ path: String, files: PlatformFiles, renderer: OpaquePointer) -> Entry? {
        let stamp = files.changed(path)
        if let e = entries[path], e.stamp == stamp { return e.texture == nil ? nil : e }
        if let old = entries[path]?.texture { SDL_DestroyTexture(old) }
        var entry = Entry(texture: nil, width: 0, height: 0, stamp: stamp)
        // A missing or broken thumbnail shows the button's icon instead.
        if let bytes = files.pictureBytes(path), let image = Self.small(bytes, name: path),
           let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                     Int32(image.width), Int32(image.height)) {
            image.rgba.withUnsafeBytes { _ = SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(image.width * 4)) }
            entry = Entry(texture: t, width: image.width, height: image.height, stamp: stamp)
        }
        entries[path] = entry
        return entry.texture == nil ? nil : entry
    }

    /// The picture file's `bytes` decoded, at most `maxSide` on a side (scaled by the area
    /// average); nil when they are not a picture. `name` is what its errors would call it.
    static func small(_ bytes: [UInt8], name: String) -> (rgba: [UInt8], width: Int, height: Int)? {
        guard let p = try? PictureFile.decode(bytes: bytes, name: name, atLeast: (maxSide / 2, maxSide / 2)) else { return nil }
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
