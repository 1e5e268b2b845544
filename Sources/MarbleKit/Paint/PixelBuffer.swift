/// The canvas's memory: the RGBA8 picture and, per pixel, the paint layer it belongs to.
///
/// This is the one place in MarbleKit that touches raw pointers. Every index is checked by the
/// callers' clipping (`Canvas+Stroke.swift`); debug builds also assert it here.
final class PixelBuffer {
    /// Per-pixel state of the paint layer on top: what lay under it and how much it covers.
    ///
    /// A layer is one stroke's paint over a pixel; `stamp` is the stroke's arc length where it
    /// last touched the pixel. Within a layer coverage combines by `max`, so overlapping pieces
    /// of one trail never darken their joints.
    struct LayerCell: Equatable, Sendable {
        var base: UInt32 = 0
        /// `layer << 8 | coverage`: one compare tells "this layer, fully covered".
        var key: UInt32 = 0
        var stamp: Float = 0
    }

    /// A layer cell and the index of its pixel: a saved open stroke's memory.
    struct IndexedCell: Equatable, Sendable {
        var index: Int
        var cell: LayerCell
    }

    /// Layers are numbered in 24 bits (the low 8 bits of a cell's key hold its coverage).
    static let maxLayer: UInt32 = 0xFF_FFFF

    let width: Int
    let height: Int
    let count: Int
    let pixels: UnsafeMutablePointer<UInt32>
    let cells: UnsafeMutablePointer<LayerCell>

    init(width: Int, height: Int, fill: UInt32) {
        self.width = width
        self.height = height
        count = width * height
        pixels = .allocate(capacity: max(count, 1))
        pixels.initialize(repeating: fill, count: max(count, 1))
        cells = .allocate(capacity: max(count, 1))
        cells.initialize(repeating: LayerCell(), count: max(count, 1))
    }

    deinit {
        pixels.deallocate()
        cells.deallocate()
    }

    /// Paints a pixel with `coverage`/255 of `color` in layer `layer`, reached at arc length `stamp`.
    ///
    /// A pixel last touched by the same layer within `window` px of arc keeps the larger
    /// coverage; anything else starts a new layer on top of what is there.
    @inline(__always)
    func paint(_ i: Int, coverage: UInt8, color: UInt32, layer: UInt32, stamp: Float, window: Float) {
        assert(i >= 0 && i < count && layer <= Self.maxLayer)
        let cell = cells + i
        let key = cell.pointee.key
        let base: UInt32
        if key >> 8 == layer, stamp - cell.pointee.stamp <= window {
            cell.pointee.stamp = stamp
            guard coverage > UInt8(truncatingIfNeeded: key) else { return }
            cell.pointee.key = layer << 8 | UInt32(coverage)
            base = cell.pointee.base
        } else {
            base = pixels[i]
            cell.pointee = LayerCell(base: base, key: layer << 8 | UInt32(coverage), stamp: stamp)
        }
        pixels[i] = Self.mix(base, color, coverage)
    }

    /// Whether pixel `i` is fully covered by `layer`, touched at an arc length after `after`.
    @inline(__always)
    func isSettled(_ i: Int, layer: UInt32, after: Float) -> Bool {
        assert(i >= 0 && i < count)
        let cell = cells + i
        return cell.pointee.key == layer << 8 | 0xFF && cell.pointee.stamp >= after
    }

    /// `base` covered `a`/255 by `top`, each channel rounded to nearest.
    ///
    /// Two channels at a time in 16-bit lanes (`0x00FF00FF`): each lane's sum stays ≤ 65025.
    @inline(__always)
    static func mix(_ base: UInt32, _ top: UInt32, _ a: UInt8) -> UInt32 {
        if a == 255 { return top }
        let a = UInt32(a), na = 255 - a
        let lanes: UInt32 = 0x00FF00FF
        let rb = (base & lanes) &* na &+ (top & lanes) &* a
        let ga = ((base >> 8) & lanes) &* na &+ ((top >> 8) & lanes) &* a
        return div255(rb) | (div255(ga) << 8)
    }

    /// round(v / 255) in each 16-bit lane of `v`, lanes ≤ 65025, without a division.
    @inline(__always)
    private static func div255(_ v: UInt32) -> UInt32 {
        let lanes: UInt32 = 0x00FF00FF
        let w = v &+ 0x0080_0080
        return ((w &+ ((w >> 8) & lanes)) >> 8) & lanes
    }

    /// Fills every pixel and forgets every layer.
    func reset(fill: UInt32) {
        pixels.update(repeating: fill, count: count)
        cells.update(repeating: LayerCell(), count: count)
    }

    /// Forgets every layer (after the layer counter wraps), keeping the picture.
    func forgetLayers() {
        cells.update(repeating: LayerCell(), count: count)
    }

    /// The picture's bytes: RGBA8, rows top to bottom, no padding.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: pixels, count: count * 4))
    }

    /// Replaces the picture with `bytes` (RGBA8, exactly `count * 4` of them) and forgets every layer.
    func load(_ bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count == count * 4, "picture size mismatch")
        UnsafeMutableRawPointer(pixels).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        forgetLayers()
    }

    /// The cells of `layer` within `rect`, with their pixel indices: the open stroke's memory.
    func cells(ofLayer layer: UInt32, in rect: PixelRect) -> [IndexedCell] {
        var out: [IndexedCell] = []
        let x0 = max(rect.x, 0), x1 = min(rect.x + rect.width, width)
        let y0 = max(rect.y, 0), y1 = min(rect.y + rect.height, height)
        guard x0 < x1, y0 < y1 else { return out }
        for y in y0..<y1 {
            for i in (y * width + x0)..<(y * width + x1) where cells[i].key >> 8 == layer {
                out.append(IndexedCell(index: i, cell: cells[i]))
            }
        }
        return out
    }

    /// Sets one pixel's layer cell (restoring a saved open stroke).
    func setCell(_ i: Int, _ cell: LayerCell) {
        precondition(i >= 0 && i < count, "cell index out of range")
        cells[i] = cell
    }

    /// Copies the picture out as bytes.
    func bytes() -> [UInt8] {
        withBytes { Array($0) }
    }

    /// The packed colour of pixel `i`.
    subscript(i: Int) -> UInt32 {
        precondition(i >= 0 && i < count, "pixel index out of range")
        return pixels[i]
    }

    /// How many pixels differ from `background`, and the box around them.
    func inkStatistics(background bg: UInt32) -> (pixels: Int, box: PixelRect?) {
        var n = 0
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<height {
            let row = pixels + y * width
            var rowInk = false
            for x in 0..<width where row[x] != bg {
                n += 1
                rowInk = true
                if x < x0 { x0 = x }
                if x > x1 { x1 = x }
            }
            if rowInk {
                if y < y0 { y0 = y }
                y1 = y
            }
        }
        guard n > 0 else { return (0, nil) }
        return (n, PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1))
    }
}
