import CSDL2
import MarbleKit

/// The canvas shown smaller than it is (the End screen, the gallery's picture): scaled once
/// into a texture of the shown size and kept while the canvas stands still.
///
/// The software renderer scales a 1280×800 canvas into a 900×560 box in about 2–3 ms, every
/// frame; a copy of the kept texture costs a fraction of that. While the canvas changes from
/// frame to frame (Watch playing) it is scaled straight into the window as before, so nothing
/// is scaled twice.
struct ScaledCanvas {
    var texture: OpaquePointer?
    var width: Int32 = 0
    var height: Int32 = 0
    /// The canvas revision the kept texture shows (nil: none).
    var shows: Canvas.Revision?
    /// The canvas revision at the last frame: a canvas that has not moved since is kept scaled.
    var lastSeen: Canvas.Revision?

    mutating func destroy() {
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil
        shows = nil
    }
}

extension CanvasTexture {
    /// Draws the canvas texture into `dst`: a plain copy at its own size, else from the kept
    /// scaled copy when the canvas stood still since the last frame.
    mutating func draw(into dst: SDL_Rect, renderer: OpaquePointer) {
        guard let texture else { return }
        var dst = dst
        let revision = source?.revision
        defer { scaled.lastSeen = revision }
        guard dst.w != Int32(width) || dst.h != Int32(height) else {
            SDL_RenderCopy(renderer, texture, nil, &dst)
            return
        }
        if scaled.shows == nil || scaled.shows != revision || scaled.width != dst.w || scaled.height != dst.h {
            guard let revision, scaled.lastSeen == revision, keepScaled(revision, size: dst, renderer: renderer) else {
                SDL_RenderCopy(renderer, texture, nil, &dst)
                return
            }
        }
        SDL_RenderCopy(renderer, scaled.texture, nil, &dst)
    }

    /// Scales the canvas texture into the kept one (made at `size`); false when the renderer cannot.
    private mutating func keepScaled(_ revision: Canvas.Revision, size: SDL_Rect, renderer: OpaquePointer) -> Bool {
        if scaled.texture == nil || scaled.width != size.w || scaled.height != size.h {
            scaled.destroy()
            scaled.texture = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), size.w, size.h)
            guard let t = scaled.texture else { return false }
            SDL_SetTextureBlendMode(t, isOpaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            scaled.width = size.w
            scaled.height = size.h
        }
        let previous = SDL_GetRenderTarget(renderer)
        guard SDL_SetRenderTarget(renderer, scaled.texture) == 0 else { return false }
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderClear(renderer)
        var whole = SDL_Rect(x: 0, y: 0, w: size.w, h: size.h)
        SDL_RenderCopy(renderer, texture, nil, &whole)
        SDL_SetRenderTarget(renderer, previous)
        scaled.shows = revision
        return true
    }
}
