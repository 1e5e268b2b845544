/// Where a row of pixel centres can be within `radius` of a piece: a few pixels more than the
/// capsule's row, for a few multiply-adds and one square root a row.
///
/// The span is the intersection of three regions that each hold the capsule (or, for a piece
/// that continues a stroke, the part of it ahead of the start, `u > 0`):
/// - the box around the segment grown by the radius, corners rounded: the point of the segment
///   nearest a capsule point lies in the segment's box, so at height cy the capsule lies within
///   `√(r² − dy²)` of the box's x-range, where dy is cy's distance to the box's y-range;
/// - the slab within the radius of the segment's line, `|across| ≤ r`;
/// - ahead of the start (`along ≥ 0`), when the start cap is skipped.
///
/// Only a superset matters: every pixel in it gets its coverage from its own distance, and a
/// pixel with any coverage lies more than 1/510 px inside the capsule, far beyond the rounding
/// of these bounds. A NaN bound (from a far-off piece) is never narrower than the truth: the
/// comparisons keep the other bound, and `columns` turns a NaN edge into the canvas's edge.
struct PieceSpan {
    let xLo: Double, xHi: Double
    let yLo: Double, yHi: Double
    let r2: Double
    // Linear bounds in cy (±∞ where a region does not bound x).
    let slabA: Edge, slabB: Edge
    let aheadLo: Edge, aheadHi: Edge

    /// A bound on x that moves along the rows: x = c0 + c1·cy.
    struct Edge {
        let c0: Double, c1: Double
        static let left = Edge(c0: -.infinity, c1: 0), right = Edge(c0: .infinity, c1: 0)

        /// The bound at four rows' centres.
        @inline(__always)
        func at(_ cy: SIMD4<Double>) -> SIMD4<Double> { SIMD4(repeating: c0) + c1 * cy }
    }

    /// The span of the piece from `p0` to `p1`, `length` long (its painter's, not measured twice).
    init(p0: Vec2, p1: Vec2, length len: Double, radius r: Double, onlyAhead: Bool) {
        xLo = min(p0.x, p1.x)
        xHi = max(p0.x, p1.x)
        yLo = min(p0.y, p1.y)
        yHi = max(p0.y, p1.y)
        r2 = r * r
        let dx = p1.x - p0.x, dy = p1.y - p0.y
        let ux = len > 0 ? dx / len : 0, uy = len > 0 ? dy / len : 0
        // across(x, cy) = −(x − p0.x)·uy + (cy − p0.y)·ux, so |across| = r where
        // x = p0.x + ((cy − p0.y)·ux ∓ r) / uy.
        if uy != 0 {
            let k = ux / uy
            slabA = Edge(c0: p0.x - p0.y * k - r / uy, c1: k)
            slabB = Edge(c0: p0.x - p0.y * k + r / uy, c1: k)
        } else {
            (slabA, slabB) = (.left, .right)
        }
        // along(x, cy) = (x − p0.x)·ux + (cy − p0.y)·uy = 0 where x = p0.x − (cy − p0.y)·uy / ux.
        if onlyAhead, ux != 0 {
            let k = -uy / ux, c = p0.x + p0.y * uy / ux
            aheadLo = ux > 0 ? Edge(c0: c, c1: k) : .left
            aheadHi = ux > 0 ? .right : Edge(c0: c, c1: k)
        } else {
            (aheadLo, aheadHi) = (.left, .right)
        }
    }

    /// The first and last pixel columns of the span on rows `row ..< row + 4`, clipped to
    /// `0 ..< width`; a row with none has first > last.
    ///
    /// Pixel i's centre is i + 0.5: the first inside an edge at x is round(x), the last inside
    /// is round(x) − 1. (A centre exactly on an edge is at distance `radius`, where coverage
    /// is 0, so either rounding there is right.)
    @inline(__always)
    func columns(rows row: Int, width: Double) -> (first: SIMD4<Int64>, last: SIMD4<Int64>) {
        let cy = SIMD4(repeating: Double(row)) + SIMD4(0.5, 1.5, 2.5, 3.5)
        let dy = lanesMax(lanesMax(SIMD4(repeating: yLo) - cy, cy - yHi), .zero)
        let h2 = SIMD4(repeating: r2) - dy * dy
        let h = Maths.squareRoot(lanesMax(h2, .zero))
        let a = slabA.at(cy), b = slabB.at(cy)
        var lo = lanesMax(lanesMax(xLo - h, lanesMin(a, b)), aheadLo.at(cy))
        var hi = lanesMin(lanesMin(xHi + h, lanesMax(a, b)), aheadHi.at(cy))
        // Clipped to the canvas on both sides, so that the rounding below stays in its range
        // (an edge near −1.5·2⁵² would wrap to a huge column); a NaN edge (from a far-off
        // piece) becomes the canvas's edge.
        let zero = SIMD4<Double>.zero, right = SIMD4(repeating: width)
        lo = select(lo .> zero, select(lo .< right, lo, right), zero)
        hi = select(hi .< right, select(hi .> zero, hi, zero), right)
        // A row the box does not reach is empty.
        let reached = h2 .> .zero
        return (select(reached, roundedInts(lo), SIMD4(repeating: 1)), select(reached, roundedInts(hi) &- 1, .zero))
    }
}
