/// A copy of a canvas's picture in 64×64 tiles, sharing the tiles that did not change with the
/// picture taken before it.
///
/// Undo keeps a picture every few strokes (`DrawingSession.UndoBases`); between two of them a
/// few strokes change a few tiles, so a picture costs what changed, not a whole canvas
/// (4 MB at 1280×800). Shared tiles are the same array storage, never copied.
struct TiledPicture {
    static let side = 64

    let width: Int
    let height: Int
    /// Row by row, left to right; each tile's rows packed (RGBA8), edge tiles smaller.
    private(set) var tiles: [[UInt8]]
    /// Bytes of the tiles this picture does not share with the one it was taken after.
    private(set) var ownBytes: Int

    var columns: Int { (width + Self.side - 1) / Self.side }

    /// The canvas's picture now; tiles equal to `previous`'s (same size) share its storage.
    init(_ canvas: Canvas, after previous: TiledPicture?) {
        width = canvas.width
        height = canvas.height
        let shared = previous.flatMap { $0.width == canvas.width && $0.height == canvas.height ? $0 : nil }
        var tiles: [[UInt8]] = []
        var own = 0
        let (w, h, side) = (width, height, Self.side)
        canvas.withPixelBytes { raw in
            for ty in stride(from: 0, to: h, by: side) {
                for tx in stride(from: 0, to: w, by: side) {
                    let tw = min(side, w - tx), th = min(side, h - ty)
                    var tile = [UInt8](repeating: 0, count: tw * th * 4)
                    tile.withUnsafeMutableBytes { out in
                        for row in 0..<th {
                            let from = ((ty + row) * w + tx) * 4
                            out.baseAddress!.advanced(by: row * tw * 4)
                                .copyMemory(from: raw.baseAddress!.advanced(by: from), byteCount: tw * 4)
                        }
                    }
                    if let old = shared?.tiles[tiles.count], old == tile {
                        tiles.append(old)
                    } else {
                        own += tile.count
                        tiles.append(tile)
                    }
                }
            }
        }
        self.tiles = tiles
        ownBytes = own
    }

    /// A picture of `tiles` (as `tiles` holds them), sharing with `previous` the tiles that are
    /// the same storage as its.
    init(width: Int, height: Int, tiles: [[UInt8]], after previous: TiledPicture?) {
        self.width = width
        self.height = height
        self.tiles = tiles
        ownBytes = 0
        ownBytes = bytes(notSharedWith: previous)
    }

    /// The bytes of tile `i` of a `width`×`height` picture (edge tiles are smaller).
    static func tileBytes(_ i: Int, width: Int, height: Int) -> Int {
        let columns = (width + side - 1) / side
        let tx = (i % columns) * side, ty = (i / columns) * side
        return min(side, width - tx) * min(side, height - ty) * 4
    }

    /// Whether tile `i` is the same storage as `other`'s tile `i` (not merely the same bytes).
    func sharesTile(_ i: Int, with other: TiledPicture) -> Bool {
        guard i < tiles.count, i < other.tiles.count else { return false }
        return tiles[i].withUnsafeBufferPointer { a in other.tiles[i].withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    /// Bytes of the tiles not shared with `other` (the same storage), all of them without one.
    func bytes(notSharedWith other: TiledPicture?) -> Int {
        guard let other, other.tiles.count == tiles.count else { return tiles.reduce(0) { $0 + $1.count } }
        var n = 0
        for i in tiles.indices where !sharesTile(i, with: other) { n += tiles[i].count }
        return n
    }

    /// Counts every tile as its own (the picture it shared with is gone).
    mutating func ownAll() {
        ownBytes = tiles.reduce(0) { $0 + $1.count }
    }

    /// The whole picture: RGBA8, rows top to bottom.
    var pixels: [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let (w, h, side, cols) = (width, height, Self.side, columns)
        out.withUnsafeMutableBytes { raw in
            for (i, tile) in tiles.enumerated() {
                let tx = (i % cols) * side, ty = (i / cols) * side
                let tw = min(side, w - tx), th = min(side, h - ty)
                tile.withUnsafeBytes { t in
                    for row in 0..<th {
                        raw.baseAddress!.advanced(by: ((ty + row) * w + tx) * 4)
                            .copyMemory(from: t.baseAddress!.advanced(by: row * tw * 4), byteCount: tw * 4)
                    }
                }
            }
        }
        return out
    }
}
