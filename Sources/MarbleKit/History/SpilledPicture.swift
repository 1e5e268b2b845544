/// A `TiledPicture` kept in a `KeyframeSpill`: where each of its tiles is there.
///
/// A tile equal to one already written (the keyframe before's, or the picture's own in an
/// undo picture of a few strokes earlier) is not written again: both name the same offset.
struct SpilledPicture: Sendable {
    let width: Int
    let height: Int
    /// Row by row, left to right, as `TiledPicture.tiles`.
    private(set) var offsets: [Int]

    /// Writes `picture`'s tiles to `spill`, but for those that are the same storage as a tile
    /// of a picture in `sharing` at the same place, or hold the same bytes as `equal`'s there,
    /// which name its offset instead. nil when the disk is full.
    init?(_ picture: TiledPicture, sharing: [(TiledPicture, SpilledPicture)], equal: (TiledPicture, SpilledPicture)?,
          into spill: KeyframeSpill) {
        width = picture.width
        height = picture.height
        let fits = { (p: TiledPicture) in p.width == picture.width && p.height == picture.height }
        let sharing = sharing.filter { fits($0.0) }
        let equal = equal.flatMap { fits($0.0) ? $0 : nil }
        var offsets: [Int] = []
        offsets.reserveCapacity(picture.tiles.count)
        for (i, tile) in picture.tiles.enumerated() {
            if let known = sharing.first(where: { picture.sharesTile(i, with: $0.0) }) {
                offsets.append(known.1.offsets[i])
            } else if let equal, equal.0.tiles[i] == tile {
                offsets.append(equal.1.offsets[i])
            } else {
                guard let at = tile.withUnsafeBytes({ spill.append($0) }) else { return nil }
                offsets.append(at)
            }
        }
        self.offsets = offsets
    }

    /// The picture, read back from `spill`; tiles already in `cache` (by offset) are shared,
    /// not read again, as they were before. nil when the file does not hold them.
    func load(from spill: KeyframeSpill, after previous: TiledPicture?, cache: inout [Int: [UInt8]]) -> TiledPicture? {
        var tiles: [[UInt8]] = []
        tiles.reserveCapacity(offsets.count)
        for (i, at) in offsets.enumerated() {
            if let tile = cache[at] {
                tiles.append(tile)
            } else {
                guard let tile = spill.read(at: at, count: TiledPicture.tileBytes(i, width: width, height: height)) else { return nil }
                cache[at] = tile
                tiles.append(tile)
            }
        }
        return TiledPicture(width: width, height: height, tiles: tiles, after: previous)
    }

    /// Copies its tiles from `old` into `new` (a tile `moved` already holds is not copied
    /// again) and names them there. false when a tile could not be read or written.
    mutating func move(from old: KeyframeSpill, to new: KeyframeSpill, moved: inout [Int: Int]) -> Bool {
        for (i, at) in offsets.enumerated() {
            if let there = moved[at] {
                offsets[i] = there
                continue
            }
            guard let tile = old.read(at: at, count: TiledPicture.tileBytes(i, width: width, height: height)),
                  let there = tile.withUnsafeBytes({ new.append($0) }) else { return false }
            moved[at] = there
            offsets[i] = there
        }
        return true
    }
}
