/// atan2(y, x).
extension Maths {
    /// The angle of (x, y) from the positive x axis, in (−π, π]; C's `atan2` for the special
    /// values (signed zeros and infinities).
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        let negativeY = y.sign == .minus
        let westward = x.sign == .minus   // −0 counts as west, as in C
        var angle: DoubleDouble
        if y == 0 {
            angle = westward ? pi : DoubleDouble(0)
        } else if x.isInfinite || y.isInfinite {
            if x.isInfinite && y.isInfinite {
                angle = westward ? pi * 0.75 : pi * 0.25
            } else if x.isInfinite {
                angle = westward ? pi : DoubleDouble(0)
            } else {
                angle = pi * 0.5
            }
        } else if x == 0 {
            angle = pi * 0.5
        } else {
            // The first octant's angle from |y|/|x| or |x|/|y| (the smaller over the larger),
            // with both scaled to ratios that do not underflow.
            let ay = abs(y), ax = abs(x)
            let steep = ay > ax
            let (n, d) = steep ? (ax, ay) : (ay, ax)
            // n/d as a double-double: the quotient and the exact remainder's quotient.
            let q = n / d
            let p = DoubleDouble.twoProduct(d, q)
            let ratio = DoubleDouble.quickTwoSum(q, ((n - p.hi) - p.lo) / d)
            // The fast path, when it settles; the constants add about 2⁻¹⁰⁴.
            let (fast, bound) = atanFast(ratio)
            var f = fast
            if steep { f = pi * 0.5 - f }
            if westward { f = pi - f }
            if let v = settled(f.hi, f.lo, bound: bound + 0x1p-103 * abs(f.hi)) { return negativeY ? -v : v }
            var t = atanUnit(ratio)
            if steep { t = pi * 0.5 - t }
            angle = westward ? pi - t : t
        }
        let v = angle.value
        return negativeY ? -v : v
    }

    /// atan t for 0 ≤ t ≤ 1: halved three times, atan t = 2·atan(t / (1 + √(1 + t²))), to
    /// t ≤ 0.1 whose odd series reaches 2⁻¹¹⁰ in 17 terms.
    static func atanUnit(_ t0: DoubleDouble) -> DoubleDouble {
        // atan t = t − t³/3: below half an ulp of t (and halving would lose a subnormal t).
        if t0.hi < 0x1p-27 { return t0 }
        var t = t0
        for _ in 0..<3 {
            t = t / (DoubleDouble(1) + DoubleDouble.squareRoot(DoubleDouble(1) + t * t))
        }
        let t2 = t * t
        // atan t = Σ (−1)ᵏ t²ᵏ⁺¹/(2k + 1), by Horner from k = 17 (odd: negative).
        let c = inverseOdds
        var sum = -c[17]
        for k in stride(from: 16, through: 0, by: -1) {
            sum = sum * t2 + (k % 2 == 0 ? c[k] : -c[k])
        }
        return (sum * t).scaled(byPowerOfTwo: 3)
    }
}
