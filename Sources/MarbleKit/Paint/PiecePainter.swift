/// One piece's constants, and the loop that paints a row of its pixels four at a time.
///
/// Each pixel is computed exactly as alone: the same Double arithmetic lane by lane, and x
/// stepped by +1 from pixel to pixel as a one-pixel loop steps it.
struct PiecePainter {
    /// The segment from `p0` to `p1` and the constants of a pixel's position along it.
    struct Segment {
        let p0: Vec2
        let dx: Double, dy: Double
        let len: Double
        let invLen2: Double
        let dxInvLen2: Double

        init(p0: Vec2, p1: Vec2) {
            self.p0 = p0
            dx = p1.x - p0.x
            dy = p1.y - p0.y
            let len2 = dx * dx + dy * dy
            len = Maths.squareRoot(len2)
            invLen2 = len2 > 0 ? 1 / len2 : 0
            dxInvLen2 = dx * invLen2
        }
    }

    let segment: Segment
    let outer: Double
    /// Whether the pixels nearest the start (u ≤ 0) are left to the piece before.
    let skipStart: Bool
    let color: UInt32
    let layer: UInt32
    let arc: Double
    /// Touches within this much arc length merge into the layer.
    let window: Float
    /// A pixel fully covered by the layer and touched after this arc length cannot change.
    let settledAfter: Float
    /// The ink's opacity in 255ths (255: opaque, coverage as it is).
    let alpha: UInt32
    /// The board's pixels when the stroke wipes back to it (each pixel's own colour), else nil.
    let source: UnsafeMutablePointer<UInt32>?
    /// A colouring page's lines (−1 where a line is: never painted), else nil.
    let lines: UnsafeMutablePointer<Int32>?
    let planes: PixelBuffer.Planes

    /// The piece from `p0` to `p1`; one that `continues` a stroke and has a length leaves the
    /// pixels nearest its start to the piece before.
    init(p0: Vec2, p1: Vec2, outer: Double, continues: Bool, color: UInt32, layer: UInt32, arc: Double,
         alpha: UInt32 = 255, source: UnsafeMutablePointer<UInt32>? = nil, lines: UnsafeMutablePointer<Int32>? = nil,
         planes: PixelBuffer.Planes) {
        segment = Segment(p0: p0, p1: p1)
        self.outer = outer
        skipStart = continues && segment.dx * segment.dx + segment.dy * segment.dy > 0
        self.color = color
        self.layer = layer
        self.arc = arc
        // See-through paint merges however far the stroke has gone: one even wash.
        window = alpha < 255 ? .infinity : Float(2 * outer + 1)
        self.alpha = alpha
        self.source = source
        self.lines = lines
        // Skipped only if every touch of this piece would merge: exact under `max`.
        settledAfter = Float(arc + segment.len) - window
        self.planes = planes
    }

    /// Paints pixels `i0 ... i1` of row `j`, which starts at pixel index `rowStart`, loading
    /// and storing no pixel from index `end` on (another thread's rows may start there).
    ///
    /// (Tried and not kept, issue 12: painting only each piece's inside and the wedge at its
    /// joint, the round tip as a preview until endStroke. It paints a third fewer pixels, but
    /// rows of about six pixels take two quads either way: −2 % instructions on the
    /// benchmark's walk, and every Replays colour shifted by up to half a pen.)
    @inline(__always)
    func paintRow(_ j: Int, from i0: Int, through i1: Int, rowStart: Int, end: Int = .max) {
        let p0 = segment.p0, dx = segment.dx, dy = segment.dy, len = segment.len
        let invLen2 = segment.invLen2, dxInvLen2 = segment.dxInvLen2
        let ry = Double(j) + 0.5 - p0.y
        let alongRow = ry * dy * invLen2
        var rx = Double(i0) + 0.5 - p0.x
        var index = rowStart &+ i0
        var left = i1 &- i0 &+ 1
        // Pixels left from each lane on: a lane with none left is past the span.
        var lanesLeft = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: left)) &- SIMD4(0, 1, 2, 3)
        while left > 0 {
            defer { index &+= 4; left &-= 4; lanesLeft &-= SIMD4(repeating: 4) }
            // A four-pixel load and store reach up to three pixels past the span, unchanged:
            // not past `end`, where another thread may be painting.
            let cut = index &+ 4 > end
            var q = cut ? planes.load(index, before: end) : planes.load(index)
            let r1 = rx + 1, r2 = r1 + 1, r3 = r2 + 1
            let x = SIMD4(rx, r1, r2, r3)
            rx = r3 + 1
            // Fully covered by this stroke a moment ago: nothing here can change (once the
            // stamp is older than the window, a touch repaints it in the newer colour).
            let idle = PixelBuffer.settled(q, layer: layer, after: settledAfter)
                .| (lanesLeft .<= SIMD4(repeating: 0))
            if allLanes(idle) { continue }
            let u = x * dxInvLen2 + alongRow
            let uc = lanesMin(lanesMax(u, .zero), SIMD4(repeating: 1))
            let ex = x - uc * dx, ey = ry - uc * dy
            let f = (outer - Maths.squareRoot(ex * ex + ey * ey)) * 255
            // Round to an integer without a checked conversion: adding 2⁵² leaves the rounded
            // value in the low bits of the double. Clamped to [0, 255] first, the coverage is 0
            // exactly where a one-pixel loop skips (f < 0.5, or 0.5 rounding to even).
            let clamped = lanesMax(lanesMin(f, SIMD4(repeating: 255)), .zero) + 0x1p52
            var coverage = bitAnd(SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(clamped, to: SIMD4<UInt64>.self)),
                                           SIMD4(repeating: 0xFF))
            if alpha != 255 {
                // round(coverage · alpha / 255), as `mix` rounds.
                let v = coverage &* SIMD4(repeating: alpha) &+ SIMD4(repeating: 0x80)
                coverage = (v &+ (v &>> 8)) &>> 8
            }
            var mask = (coverage .!= SIMD4(repeating: 0)) .& .!idle
            if skipStart {
                // The piece before already painted the pixels nearest the start (u ≤ 0).
                let ahead = unsafeBitCast(u .> .zero, to: SIMD4<Int64>.self)
                mask = mask .& SIMDMask(SIMD4<Int32>(truncatingIfNeeded: ahead))
            }
            if let lines {
                // A colouring page's lines stay on top: paint never covers them.
                mask = mask .& (UnsafeRawPointer(lines + index).loadUnaligned(as: SIMD4<Int32>.self) .== .zero)
            }
            if noLanes(mask) { continue }
            let stamp = SIMD4<Float>(arc + uc * len)
            if let source {
                // Wiping: each pixel takes back its own board colour.
                let board = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD4<UInt32>.self)
                q.paint(mask: mask, coverage: coverage, colors: board, layer: layer, stamp: stamp, window: window)
            } else {
                q.paint(mask: mask, coverage: coverage, color: color, layer: layer, stamp: stamp, window: window)
            }
            if cut { planes.store(q, at: index, before: end) } else { planes.store(q, at: index) }
        }
    }
}
