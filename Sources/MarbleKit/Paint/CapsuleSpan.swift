/// The x-interval where a horizontal line is within `radius` of a segment: one row of a capsule.
///
/// The capsule is convex, so the union of the spans of its two end discs and its body is one
/// interval. Per-piece constants are computed once, not per row.
struct CapsuleSpan {
    let p0: Vec2, p1: Vec2
    let r: Double, r2: Double
    let includeStartCap: Bool
    let hasBody: Bool
    // Body: along(x) = (x − p0.x)·ux + dy0·uy in [0, len]; across(x) = −(x − p0.x)·uy + dy0·ux in [−r, r].
    let ux: Double, uy: Double, len: Double
    let invUx: Double, invUy: Double

    init(p0: Vec2, p1: Vec2, radius: Double, includeStartCap: Bool) {
        self.p0 = p0
        self.p1 = p1
        r = radius
        r2 = radius * radius
        self.includeStartCap = includeStartCap
        let dx = p1.x - p0.x, dy = p1.y - p0.y
        len = (dx * dx + dy * dy).squareRoot()
        hasBody = len > 0
        ux = hasBody ? dx / len : 0
        uy = hasBody ? dy / len : 0
        invUx = ux != 0 ? 1 / ux : 0
        invUy = uy != 0 ? 1 / uy : 0
    }

    @inline(__always)
    func interval(cy: Double) -> (Double, Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        let dy0 = cy - p0.y
        if includeStartCap, dy0 * dy0 < r2 {
            let h = (r2 - dy0 * dy0).squareRoot()
            lo = p0.x - h
            hi = p0.x + h
        }
        let dy1 = cy - p1.y
        if dy1 * dy1 < r2 {
            let h = (r2 - dy1 * dy1).squareRoot()
            lo = min(lo, p1.x - h)
            hi = max(hi, p1.x + h)
        }
        if hasBody {
            var bLo = -Double.infinity, bHi = Double.infinity
            let along0 = dy0 * uy
            if ux != 0 {
                let a = -along0 * invUx + p0.x
                let b = (len - along0) * invUx + p0.x
                bLo = max(bLo, min(a, b)); bHi = min(bHi, max(a, b))
            } else if !(along0 >= 0 && along0 <= len) {
                return lo <= hi ? (lo, hi) : nil
            }
            let across0 = dy0 * ux
            if uy != 0 {
                let a = (across0 - r) * invUy + p0.x
                let b = (across0 + r) * invUy + p0.x
                bLo = max(bLo, min(a, b)); bHi = min(bHi, max(a, b))
            } else if !(abs(across0) <= r) {
                return lo <= hi ? (lo, hi) : nil
            }
            if bLo <= bHi {
                lo = min(lo, bLo)
                hi = max(hi, bHi)
            }
        }
        return lo <= hi ? (lo, hi) : nil
    }
}
