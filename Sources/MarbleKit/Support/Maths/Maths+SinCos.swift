/// sin x and cos x.
extension Maths {
    /// sin x, correctly rounded but for hard cases, for |x| < 2³⁰.
    ///
    /// Beyond 2³⁰ the reduction's 160 bits of π/2 run out: x is first brought below 2π as
    /// x mod fl(2π), exactly, so the result is deterministic and within [−1, 1] but is the sine
    /// of a nearby angle, not of x (no drawing turns that far: headings wrap at 360°).
    public static func sin(_ x: Double) -> Double { sinCos(x).sin }

    /// cos x, as `sin`.
    public static func cos(_ x: Double) -> Double { sinCos(x).cos }

    /// sin x and cos x together.
    public static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        if abs(x) < 0x1p-27 { return (x, 1) }   // sin x = x − x³/6: below half an ulp
        if abs(x) >= 0x1p30 { return sinCos(remainder(x, dividingBy: 2 * pi.hi)) }
        // x = k·π/2 + r, |r| ≤ π/4 (a little more when k is rounded from a large x).
        let k = roundEven(x / halfPi.hi)
        let r = abs(x) < 0x1p20 ? reduceFast(x, k)
            : DoubleDouble(x) - DoubleDouble.twoProduct(k, halfPi.hi) - DoubleDouble.twoProduct(k, halfPi.lo)
            - DoubleDouble(k * halfPiTail)
        let (s, c) = sinCosReducedRounded(r)
        // The quadrant: k mod 4, from k exactly (an integer Double below 2⁵³ here).
        // k is an integer below 2³⁰ here: its low two bits are the quadrant.
        let quadrant = Int(k) & 3
        switch quadrant {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// sin r and cos r, rounded: the fast path when both settle, else the reference.
    @inline(__always) static func sinCosReducedRounded(_ r: DoubleDouble) -> (Double, Double) {
        let f = sinCosFast(r)
        if let s = settled(f.sin.hi, f.sin.lo, bound: f.sinBound), let c = settled(f.cos.hi, f.cos.lo, bound: f.cosBound) {
            return (s, c)
        }
        let (s, c) = sinCosReduced(r)
        return (s.value, c.value)
    }

    /// sin r and cos r for |r| ≲ π/4: the series at a = r/16 (to a¹⁷, 2⁻¹¹⁸ there), then four
    /// doublings, sin 2a = 2·sin a·cos a and cos 2a − 1 = 2·(cos a − 1)(cos a + 1), which keep
    /// cos − 1 so that nothing cancels.
    static func sinCosReduced(_ r: DoubleDouble) -> (DoubleDouble, DoubleDouble) {
        let a = r.scaled(byPowerOfTwo: -4)
        let a2 = a * a
        // sin a = a·Σ (−1)ʲ a²ʲ/(2j+1)!, cos a − 1 = a²·Σ (−1)ʲ a²⁽ʲ⁻¹⁾/(2j)! (j ≥ 1), by Horner.
        let f = inverseFactorials
        var sinSum = f[17]
        var cosSum = f[16]
        for j in stride(from: 7, through: 0, by: -1) {
            let term = f[2 * j + 1]
            sinSum = sinSum * a2 + (j % 2 == 0 ? term : -term)
        }
        for j in stride(from: 7, through: 1, by: -1) {
            let term = f[2 * j]
            cosSum = cosSum * a2 + (j % 2 == 0 ? term : -term)
        }
        var sine = sinSum * a
        var cosMinusOne = cosSum * a2
        for _ in 0..<4 {
            let c = cosMinusOne + DoubleDouble(1)
            sine = (sine * c).scaled(byPowerOfTwo: 1)
            cosMinusOne = (cosMinusOne * (cosMinusOne + DoubleDouble(2))).scaled(byPowerOfTwo: 1)
        }
        return (sine, cosMinusOne + DoubleDouble(1))
    }
}
