import CSDL2
import MarbleApp

/// Buttons drawn once into a texture of their own and copied every frame they look the same.
///
/// A button is a rounded rectangle, an icon of many triangles, a key hint and maybe a label:
/// SDL's software renderer scans every triangle, and a window of four players has twenty
/// buttons that change only when a child picks a tool (issue 30: they were most of the extra
/// time of a four-player frame). A button is drawn into a transparent texture just as it
/// would be into the window, at the same fraction of a pixel: every shape of a button lies
/// over its opaque body, so copying it gives the pixels drawing it gives. Buttons of a
/// see-through colour or with a picture are drawn each frame as before.
struct ButtonCache {
    struct Entry {
        /// The button as drawn into the texture (its rect in the texture's frame), and how.
        var look: Button
        var focused: Bool
        var u: Double
        var texture: OpaquePointer
        var width: Int32, height: Int32
        var lastUsed: Int
    }

    var entries: [Entry] = []
    var frame = 0
    /// Whether the renderer draws into textures (SDL's renderers do; the cache needs it).
    var drawsToTextures = false
    /// How many textures are kept (a screen has at most about thirty buttons).
    let capacity = 48

    /// Whether `b` may be drawn from the cache.
    static func caches(_ b: Button) -> Bool { b.picture == nil && b.color.a == 255 }

    /// The texture for `look` (drawn by `draw` into a new one of `width`×`height` when not kept).
    mutating func texture(_ look: Button, focused: Bool, u: Double, width: Int32, height: Int32, renderer: OpaquePointer,
                          draw: () -> Void) -> OpaquePointer? {
        // The cheap fields first: every button of a frame is looked up, and a look holds strings.
        if let i = entries.firstIndex(where: { $0.width == width && $0.height == height && $0.focused == focused && $0.u == u && $0.look == look }) {
            entries[i].lastUsed = frame
            return entries[i].texture
        }
        if entries.count >= capacity, let oldest = entries.indices.min(by: { entries[$0].lastUsed < entries[$1].lastUsed }) {
            SDL_DestroyTexture(entries[oldest].texture)
            entries.remove(at: oldest)
        }
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                              width, height) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        guard SDL_SetRenderTarget(renderer, texture) == 0 else {
            SDL_DestroyTexture(texture)
            return nil
        }
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderClear(renderer)
        draw()
        SDL_SetRenderTarget(renderer, nil)
        entries.append(Entry(look: look, focused: focused, u: u, texture: texture, width: width, height: height, lastUsed: frame))
        return texture
    }

    mutating func endFrame() {
        frame += 1
    }

    mutating func destroy() {
        for e in entries { SDL_DestroyTexture(e.texture) }
        entries = []
    }
}

extension SDLPlatform {
    /// Draws `b` from the button cache when it can be (see `ButtonCache`), else as shapes.
    func drawCached(_ b: Button, focused: Bool, u: Double, shapes: inout Shapes) {
        guard ButtonCache.caches(b), buttonCache.drawsToTextures, b.rect.w.isFinite, b.rect.h.isFinite,
              abs(b.rect.x) < 1e5, abs(b.rect.y) < 1e5, b.rect.w < 4096, b.rect.h < 4096 else {
            return draw(b, focused: focused, u: u, shapes: &shapes)
        }
        // The focus ring reaches 7u past the body; a pixel more for rounding.
        let margin = (7 * u).rounded(.up) + 1
        let x0 = (b.rect.x - margin).rounded(.down), y0 = (b.rect.y - margin).rounded(.down)
        let width = Int32((b.rect.maxX + margin).rounded(.up) - x0), height = Int32((b.rect.maxY + margin).rounded(.up) - y0)
        var look = b
        look.rect = Rect(x: b.rect.x - x0, y: b.rect.y - y0, w: b.rect.w, h: b.rect.h)
        shapes.flush(renderer)
        let drawn = canvasLayer.damage.drawn.count
        let texture = buttonCache.texture(look, focused: focused, u: u, width: width, height: height, renderer: renderer) {
            draw(look, focused: focused, u: u, shapes: &shapes)
            shapes.flush(renderer)
            _ = shapes.takeBounds()
        }
        // Drawing into the texture noted places in its own frame, not the window's.
        if canvasLayer.damage.drawn.count > drawn { canvasLayer.damage.drawn.removeSubrange(drawn...) }
        guard let texture else { return draw(b, focused: focused, u: u, shapes: &shapes) }
        var dst = SDL_Rect(x: Int32(x0), y: Int32(y0), w: width, h: height)
        SDL_RenderCopy(renderer, texture, nil, &dst)
        canvasLayer.damage.note(dst)
    }
}
