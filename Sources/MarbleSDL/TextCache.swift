import CSDL2
import Foundation
import MarbleKit

/// Text as textures, rendered once by SDL2_ttf and kept while it is on screen.
struct TextCache {
    struct Key: Hashable {
        var text: String
        var size: Int
        var color: RGBA8
    }

    struct Entry {
        var texture: OpaquePointer
        var width: Int32
        var height: Int32
        var lastUsed: Int
    }

    /// Debian's fonts-dejavu-core, where the Makefile installs it.
    static let candidates = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ]

    static func findFont() -> String? {
        if let env = ProcessInfo.processInfo.environment["MARBLE_FONT"], FileManager.default.fileExists(atPath: env) { return env }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    let fontPath: String?
    var fonts: [Int: OpaquePointer] = [:]
    var entries: [Key: Entry] = [:]
    /// Texts' sizes in pixels at a pixel size, as drawn (measured without drawing).
    var sizes: [Key: (width: Double, height: Double)] = [:]
    var frame = 0

    init(fontPath: String?, warn: (String) -> Void) {
        self.fontPath = fontPath
        if fontPath == nil { warn("no font found (install fonts-dejavu-core): buttons show icons only") }
    }

    mutating func font(size: Int) -> OpaquePointer? {
        if let f = fonts[size] { return f }
        guard let fontPath, let f = TTF_OpenFont(fontPath, Int32(size)) else { return nil }
        fonts[size] = f
        return f
    }

    /// The texture for a text at a pixel size, and its size.
    mutating func texture(_ text: String, size: Int, color: RGBA8, renderer: OpaquePointer) -> Entry? {
        guard !text.isEmpty else { return nil }
        let key = Key(text: text, size: size, color: color)
        if var e = entries[key] {
            e.lastUsed = frame
            entries[key] = e
            return e
        }
        guard let font = font(size: size),
              let surface = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        let e = Entry(texture: texture, width: surface.pointee.w, height: surface.pointee.h, lastUsed: frame)
        entries[key] = e
        return e
    }

    /// The width and height `text` takes at a pixel size (as its texture will be), or nil with no font.
    mutating func measure(_ text: String, size: Int) -> (width: Double, height: Double)? {
        guard !text.isEmpty else { return nil }
        let key = Key(text: text, size: size, color: RGBA8(0, 0, 0, 0))
        if let s = sizes[key] { return s }
        guard let font = font(size: size) else { return nil }
        var w: Int32 = 0, h: Int32 = 0
        guard TTF_SizeUTF8(font, text, &w, &h) == 0 else { return nil }
        // A timer's text changes every frame: the sizes kept are let go now and then.
        if sizes.count > 1024 { sizes = [:] }
        let s = (Double(w), Double(max(h, TTF_FontHeight(font))))
        sizes[key] = s
        return s
    }

    /// Ends a frame: texts unused for a few seconds are let go (a timer's text changes every frame).
    mutating func endFrame() {
        frame += 1
        guard frame % 120 == 0 else { return }
        for (k, e) in entries where frame - e.lastUsed > 120 {
            SDL_DestroyTexture(e.texture)
            entries[k] = nil
        }
    }

    mutating func destroy() {
        for e in entries.values { SDL_DestroyTexture(e.texture) }
        entries = [:]
        for f in fonts.values { TTF_CloseFont(f) }
        fonts = [:]
    }
}
