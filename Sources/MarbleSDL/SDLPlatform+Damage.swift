import CSDL2
import MarbleApp
import MarbleKit

/// Composing only what changed, for the software renderer: the canvas under the window is
/// copied again only where the last frame drew over it or where its paint changed.
///
/// The software renderer draws into the window's own surface, which keeps its pixels from one
/// frame to the next: a whole 1280×800 canvas copied every frame was about a third of the
/// frame. Everything else (the ball, the dial, the buttons, the texts) is drawn in full each
/// frame, and where each landed is noted (`drawn`), so the next frame restores the canvas
/// there before drawing them again. Anything unusual (another renderer, a new size or canvas,
/// a frame that did not draw the canvas first over the whole window) copies the whole canvas.
struct CanvasDamage {
    /// Where this frame drew over the canvas, in window pixels.
    var drawn: [SDL_Rect] = []
    /// The last frame's `drawn`.
    var previous: [SDL_Rect] = []
    /// The canvas texture and where it was drawn as the first thing over the whole window
    /// (nothing cleared it): in the last frame, and so far in this one.
    var shownLastFrame: (texture: OpaquePointer, dst: SDL_Rect)?
    var shownThisFrame: (texture: OpaquePointer, dst: SDL_Rect)?
    /// The rectangles copied by the last canvas draw (tests, the benchmark).
    var lastCopied: [SDL_Rect] = []

    /// Starts a frame: what the last one drew becomes what to restore.
    mutating func beginFrame() {
        previous = drawn
        drawn.removeAll(keepingCapacity: true)
        shownLastFrame = shownThisFrame
        shownThisFrame = nil
    }

    /// Forgets what the window holds (something else drew into it): the next frame copies all.
    mutating func forget() {
        shownThisFrame = nil
        shownLastFrame = nil
    }

    mutating func note(_ r: SDL_Rect?) {
        guard let r, r.w > 0, r.h > 0 else { return }
        drawn.append(r)
    }

    /// The parts of the canvas at `dst` to copy this frame, or nil for all of it.
    func parts(texture: OpaquePointer, dst: SDL_Rect, covering: Bool, changed: [SDL_Rect]) -> [SDL_Rect]? {
        guard covering, let p = shownLastFrame, p.texture == texture, p.dst == dst else { return nil }
        var out: [SDL_Rect] = []
        out.reserveCapacity(previous.count + changed.count)
        var bounds = dst
        func clip(_ r: SDL_Rect) {
            var r = r, clipped = SDL_Rect()
            if SDL_IntersectRect(&r, &bounds, &clipped) == SDL_TRUE { out.append(clipped) }
        }
        for r in previous { clip(r) }
        for r in changed { clip(r) }
        return out
    }
}

extension SDL_Rect: @retroactive Equatable {
    public static func == (a: SDL_Rect, b: SDL_Rect) -> Bool { a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h }
}

extension SDLPlatform {
    /// Draws the canvas texture into `dst`: only the damaged parts when the window kept the
    /// rest from the last frame.
    func drawCanvas(into dst: SDL_Rect, covering: Bool) {
        defer { canvasLayer.damage.shownThisFrame = covering && canvasLayer.isSoftware ? canvasLayer.texture.texture.map { ($0, dst) } : nil }
        guard canvasLayer.isSoftware, let texture = canvasLayer.texture.texture, dst.w == Int32(canvasLayer.texture.width), dst.h == Int32(canvasLayer.texture.height) else {
            canvasLayer.damage.lastCopied = [dst]
            canvasLayer.texture.draw(into: dst, renderer: renderer)
            return
        }
        let changed = canvasLayer.texture.lastUploadRects.map { SDL_Rect(x: dst.x + Int32($0.x), y: dst.y + Int32($0.y), w: Int32($0.width), h: Int32($0.height)) }
        guard let parts = canvasLayer.damage.parts(texture: texture, dst: dst, covering: covering, changed: changed) else {
            canvasLayer.damage.lastCopied = [dst]
            var whole = dst
            SDL_RenderCopy(renderer, texture, nil, &whole)
            return
        }
        canvasLayer.damage.lastCopied = parts
        for var part in parts {
            var src = SDL_Rect(x: part.x - dst.x, y: part.y - dst.y, w: part.w, h: part.h)
            SDL_RenderCopy(renderer, texture, &src, &part)
        }
    }
}
