/// Painting trails: anti-aliased, round-capped, seam-free.
///
/// A trail's coverage at a pixel centre is `clamp(w/2 + 0.5 − d, 0, 1)`, where `d` is the
/// distance to the trail. Within one stroke pieces combine by `max`, and the max over pieces of
/// a falling function of distance is that function of the distance to their union: a line
/// painted as thousands of tiny steps gets the same coverage as the line painted in one go,
/// with no beads at the joints. Summed across a line this ramp gives exactly the pen width at
/// any sub-pixel offset (the box of width w convolved with a one-pixel box).
///
/// A stroke that comes back over itself after travelling more than the pen's diameter paints
/// a new layer on top, so crossings show the newer colour.
extension Canvas {
    /// Starts a stroke at `point`, painting a round dot there.
    public func beginStroke(at point: Vec2, color: RGBA8, width: Double) {
        if layerSerial >= PixelBuffer.maxLayer {
            // 16 million strokes later the counter wraps: old layers must not look current.
            buffer.forgetLayers()
            layerSerial = 0
        }
        layerSerial += 1
        penWidth = width
        arcLength = 0
        penPoint = point
        paintPiece(from: point, to: point, color: color)
    }

    /// Extends the open stroke to `point`. Does nothing when no stroke is open.
    public func continueStroke(to point: Vec2, color: RGBA8) {
        guard let from = penPoint else { return }
        paintPiece(from: from, to: point, color: color, continuing: true)
        arcLength += (point - from).length
        penPoint = point
    }

    /// Closes the open stroke.
    public func endStroke() {
        penPoint = nil
    }

    /// Paints a whole stroke as `beginStroke` and `continueStroke` would, and closes it.
    func draw(_ stroke: Stroke) {
        guard let first = stroke.points.first else { return }
        beginStroke(at: first.position, color: first.color, width: stroke.width)
        for p in stroke.points.dropFirst() {
            continueStroke(to: p.position, color: p.color)
        }
        endStroke()
    }

    // MARK: - Rasterizing one piece

    /// Paints the capsule around `p0`–`p1` in the open stroke's layer.
    ///
    /// A piece that continues a stroke skips the pixels nearest its start point (`u ≤ 0`): the
    /// piece before ended there and already gave them at least as much coverage, and under
    /// `max` they cannot change. That is a third of the pixels a short piece touches.
    func paintPiece(from p0: Vec2, to p1: Vec2, color: RGBA8, continuing: Bool = false) {
        guard p0.isFinite, p1.isFinite else { return }
        let outer = penWidth / 2 + 0.5          // coverage reaches 0 here
        let dx = p1.x - p0.x, dy = p1.y - p0.y
        let len2 = dx * dx + dy * dy
        let len = len2.squareRoot()
        let invLen2 = len2 > 0 ? 1 / len2 : 0
        let dxInvLen2 = dx * invLen2
        let skipStart = continuing && len2 > 0

        // Rows whose centres can be within `outer` of the piece, clipped to the canvas
        // (clamped as Doubles first: a far-off point must not overflow Int).
        let h = Double(height), w = Double(width)
        // Without the start cap, p0 reaches only outer·|ux| up or down (the body's corners);
        // a hair more keeps every row whose span the rounding might leave non-empty.
        // (|dx| / len is at most 1; for a far-off piece it is inf/inf, NaN, and the full
        // reach is used: a NaN row bound would trap.)
        let ratio = abs(dx) / len
        let startReach = skipStart && ratio <= 1 ? outer * ratio + 1e-9 : outer
        let rowLo = ceilInt(clamp(min(p0.y - startReach, p1.y - outer) - 0.5, 0, h))
        let rowHi = floorInt(clamp(max(p0.y + startReach, p1.y + outer) - 0.5, -1, h - 1))
        guard rowLo <= rowHi, min(p0.x, p1.x) - outer < w, max(p0.x, p1.x) + outer > 0 else { return }

        let span = PieceSpan(p0: p0, p1: p1, radius: outer, onlyAhead: skipStart)
        let packed = color.packed
        let layer = layerSerial
        let window = Float(2 * outer + 1)
        let arc = arcLength
        // Skipped only if every touch of this piece would merge: exact under `max`.
        let settledAfter = Float(arc + len) - window
        var colLo = Int.max, colHi = Int.min
        let planes = buffer.planes

        // Rows four at a time: their spans in vector lanes, then each row's pixels.
        var group = rowLo
        while group <= rowHi {
            let rows = span.columns(rows: group, width: w)
            for k in 0..<min(4, rowHi &- group &+ 1) {
            let j = group &+ k
            let i0 = Int(truncatingIfNeeded: rows.first[k]), i1 = Int(truncatingIfNeeded: rows.last[k])
            guard i0 <= i1 else { continue }
            let cy = Double(j) + 0.5
            colLo = min(colLo, i0)
            colHi = max(colHi, i1)
            let ry = cy - p0.y
            let rowBase = j &* width
            let alongRow = ry * dy * invLen2
            // Four pixels at a time, each exactly as alone: the same Double arithmetic lane by
            // lane, and rx stepped by +1 from pixel to pixel as a one-pixel loop steps it.
            // (Tried and not kept, issue 12: painting only each piece's inside and the wedge at
            // its joint, the round tip as a preview until endStroke. It paints a third fewer
            // pixels, but rows of about six pixels take two quads either way: −2 % instructions
            // on the benchmark's walk, and every Replays colour shifted by up to half a pen.)
            var rx = Double(i0) + 0.5 - p0.x
            var index = rowBase &+ i0
            var left = i1 &- i0 &+ 1
            // Pixels left from each lane on: a lane with none left is past the span.
            var lanesLeft = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: left)) &- SIMD4(0, 1, 2, 3)
            while left > 0 {
                defer { index &+= 4; left &-= 4; lanesLeft &-= SIMD4(repeating: 4) }
                var q = planes.load(index)
                let r1 = rx + 1, r2 = r1 + 1, r3 = r2 + 1
                let x = SIMD4(rx, r1, r2, r3)
                rx = r3 + 1
                // Fully covered by this stroke a moment ago: nothing here can change (once the
                // stamp is older than the window, a touch repaints it in the newer colour).
                let idle = PixelBuffer.settled(q, layer: layer, after: settledAfter)
                    .| (lanesLeft .<= SIMD4(repeating: 0))
                if PixelBuffer.all(idle) { continue }
                let u = x * dxInvLen2 + alongRow
                // max(u, 0) is (u + |u|) / 2 exactly (one-pixel code wrote the latter).
                let uc = lanesMin(lanesMax(u, .zero), SIMD4(repeating: 1))
                let ex = x - uc * dx, ey = ry - uc * dy
                let f = (outer - (ex * ex + ey * ey).squareRoot()) * 255
                // Round to an integer without a checked conversion: adding 2⁵² leaves the
                // rounded value in the low bits of the double. Clamped to [0, 255] first, the
                // coverage is 0 exactly where a one-pixel loop skips (f < 0.5, or 0.5 rounding
                // to even).
                let clamped = lanesMax(lanesMin(f, SIMD4(repeating: 255)), .zero) + 0x1p52
                let coverage = PixelBuffer.and(SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(clamped, to: SIMD4<UInt64>.self)),
                                               SIMD4(repeating: 0xFF))
                var mask = (coverage .!= SIMD4(repeating: 0)) .& .!idle
                if skipStart {
                    // The piece before already painted the pixels nearest the start (u ≤ 0).
                    let ahead = unsafeBitCast(u .> .zero, to: SIMD4<Int64>.self)
                    mask = mask .& SIMDMask(SIMD4<Int32>(truncatingIfNeeded: ahead))
                }
                if PixelBuffer.none(mask) { continue }
                let stamp = SIMD4<Float>(arc + uc * len)
                q.paint(mask: mask, coverage: coverage, color: packed, layer: layer, stamp: stamp, window: window)
                planes.store(q, at: index)
            }
            }
            group &+= 4
        }
        if colLo <= colHi {
            dirtyRect = PixelRect.union(dirtyRect, PixelRect(x: colLo, y: rowLo, width: colHi - colLo + 1, height: rowHi - rowLo + 1))
        }
    }
}

/// ⌊x⌋ for a finite x in Int's range, without a libm call (baseline x86-64 has no rounding instruction).
@inline(__always)
private func floorInt(_ x: Double) -> Int {
    let t = Int(x)
    return Double(t) > x ? t - 1 : t
}

/// ⌈x⌉ for a finite x in Int's range, without a libm call.
@inline(__always)
private func ceilInt(_ x: Double) -> Int {
    let t = Int(x)
    return Double(t) < x ? t + 1 : t
}

@inline(__always)
private func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double {
    x < lo ? lo : (x > hi ? hi : x)
}

// The standard library's pointwiseMin and pointwiseMax honour NaN lane by lane with branches;
// these are `min` and `max` for numbers (none here is NaN) and compile to selects.
@inline(__always)
func lanesMin(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    select(b .< a, b, a)
}

@inline(__always)
func lanesMax(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    select(b .> a, b, a)
}

/// `a` in the lanes of `mask`, `b` elsewhere, through the mask's own vector operations (see
/// `PixelBuffer.select`).
@inline(__always)
func select(_ mask: SIMDMask<SIMD4<Int64>>, _ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    typealias M = SIMDMask<SIMD4<Int64>>
    return unsafeBitCast((unsafeBitCast(a, to: M.self) .& mask) .| (unsafeBitCast(b, to: M.self) .& .!mask), to: SIMD4<Double>.self)
}
