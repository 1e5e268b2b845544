/// The canvas's memory: the RGBA8 picture and, per pixel, the paint layer it belongs to.
///
/// This is the one place in MarbleKit that touches raw pointers. Every index comes from the
/// callers' clipping (`PieceSpan.columns`, fuzzed by `Fuzz/Targets/Canvas.swift`); debug builds
/// also assert it here.
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
    // The layer cells as three planes rather than an array of `LayerCell`, so that four
    // neighbouring pixels' bases, keys and stamps each load into one vector.
    let bases: UnsafeMutablePointer<UInt32>
    let keys: UnsafeMutablePointer<UInt32>
    let stamps: UnsafeMutablePointer<Float>
    /// The board under the paint, packed as the pixels (padded as they are), or nil: what
    /// wiping strokes and Clear put back.
    private(set) var board: UnsafeMutablePointer<UInt32>?
    /// A colouring page's lines: per pixel all ones where a line is (paint never covers it),
    /// else zero; nil for any other board.
    private(set) var lines: UnsafeMutablePointer<Int32>?

    /// Where the planes go when the buffer does (nil: back to the kernel).
    private let memory: CanvasMemory?
    private let capacity: Int

    /// A buffer holding `picture` (RGBA8, `width * height * 4` bytes), padded with `fill`, every
    /// layer blank.
    ///
    /// The layer planes are zero as they come (fresh pages, or a pool's cleared ones), so only
    /// the picture's pages are touched: restoring a 1280×800 keyframe faulted in 16 MB, and
    /// filled the picture's 4 MB twice, when `load` cleared them again.
    convenience init(width: Int, height: Int, picture: UnsafeRawBufferPointer, fill: UInt32, memory: CanvasMemory? = nil) {
        self.init(width: width, height: height, fill: nil, memory: memory)
        precondition(picture.count == count * 4, "picture size mismatch")
        UnsafeMutableRawPointer(pixels).copyMemory(from: picture.baseAddress!, byteCount: picture.count)
        (pixels + count).update(repeating: fill, count: capacity - count)
    }

    /// A buffer of `fill` pixels (the padding too), every layer blank; nil leaves the pixels
    /// for the caller to write, all of them.
    init(width: Int, height: Int, fill: UInt32?, memory: CanvasMemory? = nil) {
        self.width = width
        self.height = height
        count = width * height
        // A four-pixel load may start at the last pixel: its spare lanes read the padding.
        capacity = max(count, 1) + Quad.lanes - 1
        // Zero pages from the kernel (or a pool's cleared planes): the layer planes cost memory
        // only where a stroke has been, not three canvases' worth from the start.
        let planes = memory?.take(capacity: capacity) ?? .mapped(capacity: capacity)
        self.memory = memory
        pixels = planes.pixels
        bases = planes.bases
        keys = planes.keys
        stamps = planes.stamps
        if let fill { pixels.update(repeating: fill, count: capacity) }
    }

    deinit {
        board?.deallocate()
        lines?.deallocate()
        let planes = CanvasMemory.Planes(capacity: capacity, pixels: pixels, bases: bases, keys: keys, stamps: stamps)
        if let memory { memory.give(planes) } else { planes.unmap() }
    }

    /// Keeps `picture` (RGBA8, `count * 4` bytes) as the board, and shows it unless told not to.
    func keepBoard(_ picture: [UInt8], fill: UInt32, show: Bool = true) {
        precondition(picture.count == count * 4, "board size mismatch")
        let plane = board ?? UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        picture.withUnsafeBytes { UnsafeMutableRawPointer(plane).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        (plane + count).update(repeating: fill, count: capacity - count)
        board = plane
        if show { pixels.update(from: plane, count: capacity) }
    }

    /// Keeps the lines of a colouring page (`picture`, RGBA8): the pixels darker than half,
    /// which paint never covers, so the lines stay on top of it. A threshold rather than a
    /// blend keeps every later layer's base free of the lines (a blended line's edge would
    /// darken under each layer laid over it).
    func keepLines(_ picture: [UInt8]) {
        precondition(picture.count == count * 4, "page size mismatch")
        let plane = lines ?? UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        for i in 0..<count {
            let r = Int(picture[4 * i]), g = Int(picture[4 * i + 1]), b = Int(picture[4 * i + 2])
            plane[i] = (r * 77 + g * 150 + b * 29) >> 8 < 128 ? -1 : 0
        }
        (plane + count).update(repeating: 0, count: capacity - count)
        lines = plane
    }

    /// Shows the board again (or fills with `fill` without one) and forgets every layer.
    func resetToBoard(fill: UInt32) {
        guard let board else { return reset(fill: fill) }
        pixels.update(from: board, count: count)
        forgetLayers()
    }

    // MARK: - Four pixels at a time

    /// Four neighbouring pixels and their layer cells, in vector lanes.
    struct Quad {
        static let lanes = 4
        var pixels: SIMD4<UInt32>
        var bases: SIMD4<UInt32>
        var keys: SIMD4<UInt32>
        var stamps: SIMD4<Float>
    }

    /// The four planes' addresses, to keep in registers across a loop (through the buffer
    /// they are loaded again after every store, which might have changed them).
    struct Planes {
        let pixels: UnsafeMutablePointer<UInt32>
        let bases: UnsafeMutablePointer<UInt32>
        let keys: UnsafeMutablePointer<UInt32>
        let stamps: UnsafeMutablePointer<Float>
        /// Pixels in the picture (a quad may start at any of them).
        let count: Int

        /// Loads pixels `i ..< i + 4`; lanes past the last pixel read the padding.
        @inline(__always)
        func load(_ i: Int) -> Quad {
            assert(i >= 0 && i < count, "quad \(i) outside the \(count) pixels")
            return Quad(pixels: UnsafeRawPointer(pixels + i).loadUnaligned(as: SIMD4<UInt32>.self),
                        bases: UnsafeRawPointer(bases + i).loadUnaligned(as: SIMD4<UInt32>.self),
                        keys: UnsafeRawPointer(keys + i).loadUnaligned(as: SIMD4<UInt32>.self),
                        stamps: UnsafeRawPointer(stamps + i).loadUnaligned(as: SIMD4<Float>.self))
        }

        /// Stores `quad` at pixels `i ..< i + 4` (lanes a caller did not paint hold what was loaded).
        @inline(__always)
        func store(_ quad: Quad, at i: Int) {
            assert(i >= 0 && i < count, "quad \(i) outside the \(count) pixels")
            UnsafeMutableRawPointer(pixels + i).storeBytes(of: quad.pixels, as: SIMD4<UInt32>.self)
            UnsafeMutableRawPointer(bases + i).storeBytes(of: quad.bases, as: SIMD4<UInt32>.self)
            UnsafeMutableRawPointer(keys + i).storeBytes(of: quad.keys, as: SIMD4<UInt32>.self)
            UnsafeMutableRawPointer(stamps + i).storeBytes(of: quad.stamps, as: SIMD4<Float>.self)
        }
    }

    /// The planes, for four-pixel loads and stores at indices the caller has clipped to the canvas.
    var planes: Planes { Planes(pixels: pixels, bases: bases, keys: keys, stamps: stamps, count: count) }

    /// Four lanes' yes or no (the helpers in `Lanes.swift`).
    typealias Mask = SIMDMask<SIMD4<Int32>>

    // The standard library lowers comparisons, &+, &- and masks' .& .| .! to vector
    // instructions directly, but &, | and shifts of vectors go lane by lane and LLVM
    // vectorizes them only in part: the tests below use comparisons and masks only.

    /// The lanes fully covered by `layer` and touched at an arc length after `after`.
    @inline(__always)
    static func settled(_ q: Quad, layer: UInt32, after: Float) -> Mask {
        (q.keys .== SIMD4(repeating: layer << 8 | 0xFF)) .& (q.stamps .>= SIMD4(repeating: after))
    }

    /// `base` covered `a`/255 by `top` in each lane, rounded as the one-pixel `mix` rounds.
    ///
    /// Two channels of a pixel sit in the two 16-bit halves of its lane (`0x00FF00FF`), so the
    /// products are 16-bit multiplies of eight halves at once; each half's sum stays ≤ 65025.
    @inline(__always)
    static func mix(_ base: SIMD4<UInt32>, _ top: UInt32, _ a: SIMD4<UInt32>) -> SIMD4<UInt32> {
        // round(255·t / 255) = t: full coverage needs no case of its own.
        let lanes = SIMD4<UInt32>(repeating: 0x00FF00FF)
        let a2 = halves(a | a &<< 16), na2 = halves(lanes &- (a | a &<< 16))
        let topRB = halves(SIMD4(repeating: top & 0x00FF00FF)), topGA = halves(SIMD4(repeating: (top >> 8) & 0x00FF00FF))
        let rb = halves(base & lanes) &* na2 &+ topRB &* a2
        let ga = halves((base &>> 8) & lanes) &* na2 &+ topGA &* a2
        return lanes32(div255(rb)) | lanes32(div255(ga)) &<< 8
    }

    /// `base` covered `a`/255 by each lane's own `top`, rounded as `mix` rounds.
    @inline(__always)
    static func mix(_ base: SIMD4<UInt32>, lanes top: SIMD4<UInt32>, _ a: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let lanes = SIMD4<UInt32>(repeating: 0x00FF00FF)
        let a2 = halves(a | a &<< 16), na2 = halves(lanes &- (a | a &<< 16))
        let topRB = halves(top & lanes), topGA = halves((top &>> 8) & lanes)
        let rb = halves(base & lanes) &* na2 &+ topRB &* a2
        let ga = halves((base &>> 8) & lanes) &* na2 &+ topGA &* a2
        return lanes32(div255(rb)) | lanes32(div255(ga)) &<< 8
    }

    @inline(__always)
    static func halves(_ v: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(v, to: SIMD8<UInt16>.self) }

    @inline(__always)
    static func lanes32(_ v: SIMD8<UInt16>) -> SIMD4<UInt32> { unsafeBitCast(v, to: SIMD4<UInt32>.self) }

    /// round(v / 255) in each 16-bit lane, lanes ≤ 65025, without a division.
    @inline(__always)
    static func div255(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let w = v &+ 0x80
        return (w &+ (w &>> 8)) &>> 8
    }

    // MARK: - The whole picture

    /// Fills every pixel and forgets every layer.
    func reset(fill: UInt32) {
        pixels.update(repeating: fill, count: count)
        forgetLayers()
    }

    /// Forgets every layer (after the layer counter wraps), keeping the picture.
    func forgetLayers() {
        bases.update(repeating: 0, count: count)
        keys.update(repeating: 0, count: count)
        stamps.update(repeating: 0, count: count)
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
            for i in (y * width + x0)..<(y * width + x1) where keys[i] >> 8 == layer {
                out.append(IndexedCell(index: i, cell: LayerCell(base: bases[i], key: keys[i], stamp: stamps[i])))
            }
        }
        return out
    }

    /// Sets one pixel's layer cell (restoring a saved open stroke).
    func setCell(_ i: Int, _ cell: LayerCell) {
        precondition(i >= 0 && i < count, "cell index out of range")
        bases[i] = cell.base
        keys[i] = cell.key
        stamps[i] = cell.stamp
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

    /// How many pixels differ from the board (or from `background` without one), and the box around them.
    func inkStatistics(background bg: UInt32) -> (pixels: Int, box: PixelRect?) {
        var n = 0
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<height {
            let row = pixels + y * width
            var rowInk = false
            let under = board.map { $0 + y * width }
            for x in 0..<width where row[x] != (under?[x] ?? bg) {
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
