import CSDL2
import MarbleKit

/// The canvas on the GPU side: a streaming texture kept equal to the session's pixels by
/// uploading only what changed since the last frame.
struct CanvasTexture {
    var texture: OpaquePointer?
    var width = 0
    var height = 0
    // Which canvas the texture shows: another one (a different drawing, a restarted replay)
    // uploads all. Held weakly and compared by identity: an ObjectIdentifier of a freed canvas
    // can come back for a new one at the same address.
    weak var source: Canvas?
    // The canvas's revision at the last upload: the next uploads what changed after it.
    var seen = Canvas.Revision.start
    /// Pixels uploaded by the last `sync` (the benchmark reports it), and where (none: nothing).
    var lastUpload = 0
    var lastUploadRects: [PixelRect] = []
    /// The texture's pixel format: the window's own for an opaque canvas, so that showing it is
    /// a plain row copy for the software renderer rather than a per-pixel conversion or blend
    /// (about 1 ms a frame at 1280×800); RGBA32, blended, for a canvas with see-through paper.
    var format = SDL_PIXELFORMAT_RGBA32.rawValue

    /// The canvas kept scaled to the size it is shown at, while it stands still.
    var scaled = ScaledCanvas()

    /// Whether the texture is drawn as an opaque copy (it then hides whatever is under it).
    var isOpaque: Bool { texture != nil && format != SDL_PIXELFORMAT_RGBA32.rawValue }

    /// Brings the texture up to date with `canvas`.
    mutating func sync(_ canvas: Canvas, renderer: OpaquePointer) {
        lastUpload = 0
        lastUploadRects = []
        let opaque = canvas.background.a == 255
        let windowFormat = SDL_GetWindowPixelFormat(SDL_RenderGetWindow(renderer))
        let wanted = opaque && windowFormat != SDL_PIXELFORMAT_UNKNOWN.rawValue ? windowFormat : SDL_PIXELFORMAT_RGBA32.rawValue
        if texture == nil || width != canvas.width || height != canvas.height || format != wanted {
            destroy()
            texture = SDL_CreateTexture(renderer, wanted,
                                        Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(canvas.width), Int32(canvas.height))
            if let texture {
                SDL_SetTextureBlendMode(texture, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            }
            format = wanted
            width = canvas.width
            height = canvas.height
            source = nil
        }
        guard let texture else { return }
        let whole = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        // What changed since this texture's last upload (a few areas: several marbles paint
        // apart); the canvas keeps it for every reader.
        let rects: [PixelRect]
        if source !== canvas {
            source = canvas
            // A kept scaled copy was of another canvas, whatever its revision.
            scaled.destroy()
            rects = [whole]
        } else {
            rects = canvas.changedAreas(since: seen)
            if rects.isEmpty { return }
        }
        seen = canvas.revision
        for r in rects { upload(r, from: canvas, to: texture) }
    }

    mutating func upload(_ r: PixelRect, from canvas: Canvas, to texture: OpaquePointer) {
        guard r.width > 0, r.height > 0 else { return }
        let pitch = canvas.width * 4
        canvas.withPixelBytes { raw in
            guard let base = raw.baseAddress else { return }
            var sdl = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
            let from = base + r.y * pitch + r.x * 4
            if format == SDL_PIXELFORMAT_RGBA32.rawValue {
                SDL_UpdateTexture(texture, &sdl, from, Int32(pitch))
                return
            }
            // Converted to the texture's format on the way (only the changed rectangle).
            var pixels: UnsafeMutableRawPointer?
            var lockedPitch: Int32 = 0
            guard SDL_LockTexture(texture, &sdl, &pixels, &lockedPitch) == 0, let pixels else { return }
            if !RowConversion.convert(width: r.width, height: r.height, from: from, pitch: pitch,
                                      to: pixels, pitch: Int(lockedPitch), format: format) {
                SDL_ConvertPixels(sdl.w, sdl.h, SDL_PIXELFORMAT_RGBA32.rawValue, from, Int32(pitch), format, pixels, lockedPitch)
            }
            SDL_UnlockTexture(texture)
        }
        lastUpload += r.width * r.height
        lastUploadRects.append(r)
    }

    mutating func destroy() {
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil
        scaled.destroy()
    }
}
