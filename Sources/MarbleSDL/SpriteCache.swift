import CSDL2

/// Small pictures drawn every frame (the balls, the players' rings), each made once as a
/// texture and copied where it goes: SDL's software renderer scans a triangle fan slice by
/// slice, and a colour-modulated blit costs several times a plain one.
///
/// A sprite is square, `side` pixels, ARGB8888 with straight alpha, its centre on the pixel
/// corner at (side/2, side/2). Sprites not used for a while are repainted for new keys in
/// place of making new textures (a ball's colour follows its heading, so it changes most frames).
struct SpriteCache<Key: Hashable> {
    struct Entry {
        var texture: OpaquePointer
        var side: Int32
        var lastUsed: Int
    }

    var entries: [Key: Entry] = [:]
    var frame = 0
    /// How many sprites are kept.
    let capacity: Int
    /// The pixels of the sprite being painted (reused).
    private var pixels: [UInt32] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Copies the sprite for `key` with its centre on the pixel corner nearest `center`,
    /// painting it first (`paint` fills `side`² pixels, row by row) when it is not kept.
    /// Returns where it drew.
    mutating func draw(_ key: Key, side: Int, centerX: Double, centerY: Double, renderer: OpaquePointer,
                       paint: (inout [UInt32]) -> Void) -> SDL_Rect? {
        guard side > 0, side <= 4096, centerX.isFinite, centerY.isFinite, abs(centerX) < 1e6, abs(centerY) < 1e6,
              let e = sprite(key, side: side, renderer: renderer, paint: paint) else { return nil }
        let half = e.side / 2
        var dst = SDL_Rect(x: Int32(centerX.rounded()) - half, y: Int32(centerY.rounded()) - half, w: e.side, h: e.side)
        SDL_RenderCopy(renderer, e.texture, nil, &dst)
        return dst
    }

    /// Ends a frame: sprites drawn in it are the newest.
    mutating func endFrame() {
        frame += 1
    }

    private mutating func sprite(_ key: Key, side: Int, renderer: OpaquePointer, paint: (inout [UInt32]) -> Void) -> Entry? {
        if var e = entries[key], e.side == Int32(side) {
            e.lastUsed = frame
            entries[key] = e
            return e
        }
        pixels.removeAll(keepingCapacity: true)
        pixels.append(contentsOf: repeatElement(0, count: side * side))
        paint(&pixels)
        // The least recently used sprite of the same size not drawn this frame takes the new
        // picture; otherwise a new texture (once the cache is full, the oldest goes).
        var texture: OpaquePointer?
        if entries.count >= capacity {
            var same: (key: Key, entry: Entry)?, oldest: (key: Key, entry: Entry)?
            for (k, e) in entries {
                if e.side == Int32(side), e.lastUsed < frame, e.lastUsed < same?.entry.lastUsed ?? .max { same = (k, e) }
                if e.lastUsed < oldest?.entry.lastUsed ?? .max { oldest = (k, e) }
            }
            if let same {
                texture = same.entry.texture
                entries[same.key] = nil
            } else if let oldest {
                SDL_DestroyTexture(oldest.entry.texture)
                entries[oldest.key] = nil
            }
        }
        if texture == nil {
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                        Int32(side), Int32(side))
            if let texture { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND) }
        }
        guard let texture else { return nil }
        pixels.withUnsafeBytes { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(side * 4)) }
        let e = Entry(texture: texture, side: Int32(side), lastUsed: frame)
        entries[key] = e
        return e
    }

    mutating func destroy() {
        for e in entries.values { SDL_DestroyTexture(e.texture) }
        entries = [:]
    }
}
