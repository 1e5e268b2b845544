import CSDL2
import MarbleKit

/// The canvas on the GPU side: a streaming texture kept equal to the session's pixels by
/// uploading only what changed since the last frame.
struct CanvasTexture {
    var texture: OpaquePointer?
    var width = 0
    var height = 0
    // Which canvas the texture shows: a different drawing (or a restarted replay) uploads all.
    var source: ObjectIdentifier?
    /// Pixels uploaded by the last `sync` (the benchmark reports it).
    var lastUpload = 0

    /// Brings the texture up to date with `canvas`.
    mutating func sync(_ canvas: Canvas, renderer: OpaquePointer) {
        lastUpload = 0
        if texture == nil || width != canvas.width || height != canvas.height {
            destroy()
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue,
                                        Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(canvas.width), Int32(canvas.height))
            width = canvas.width
            height = canvas.height
            source = nil
        }
        guard let texture else { return }
        let whole = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        let dirty = canvas.takeDirtyRect()
        let rect: PixelRect
        if source != ObjectIdentifier(canvas) {
            source = ObjectIdentifier(canvas)
            rect = whole
        } else if let dirty {
            rect = dirty
        } else {
            return
        }
        upload(rect, from: canvas, to: texture)
    }

    mutating func upload(_ r: PixelRect, from canvas: Canvas, to texture: OpaquePointer) {
        guard r.width > 0, r.height > 0 else { return }
        let pitch = canvas.width * 4
        canvas.withPixelBytes { raw in
            guard let base = raw.baseAddress else { return }
            var sdl = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
            SDL_UpdateTexture(texture, &sdl, base + r.y * pitch + r.x * 4, Int32(pitch))
        }
        lastUpload = r.width * r.height
    }

    mutating func destroy() {
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil
    }
}
