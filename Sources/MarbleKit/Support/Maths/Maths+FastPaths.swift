/// The fast paths: each function first in plain Double arithmetic from small tables, with a
/// bound on its error; when the result rounds the same at both ends of the bound it is the
/// correctly rounded one, and the double-double path (the reference) would give it too. When
/// it does not (a few calls in a hundred), the reference is called. So which path ran never
/// shows in the result (Ziv's strategy, as CORE-MATH uses it), and the tables come from the
/// reference itself, so no constant here is typed in.
extension Maths {
    /// The candidate hi + lo, when every value within `bound` of it rounds to the same Double.
    @inline(__always) static func settled(_ hi: Double, _ lo: Double, bound: Double) -> Double? {
        let up = hi + (lo + bound), down = hi + (lo - bound)
        return up == down ? up : nil
    }

    // MARK: - Tables, from the reference

    /// 2^(j/64), j = 0…63.
    static let exp2Table: [DoubleDouble] = (0..<64).map { j in
        let (m, k) = expReduced(ln2 * (Double(j) / 64))
        return m.scaled(byPowerOfTwo: k)
    }

    /// sin(j/64) and cos(j/64), j = 0…52 (past π/4 + 1/128).
    static let sinCosTable: [(sin: DoubleDouble, cos: DoubleDouble)] = (0...52).map { j in
        let (s, c) = sinCosReduced(DoubleDouble(Double(j) / 64))
        return (s, c)
    }

    /// atan(j/64), j = 0…64.
    static let atanTable: [DoubleDouble] = (0...64).map { j in atanUnit(DoubleDouble(Double(j) / 64)) }

    /// For m in [1, 2) by its top six fraction bits: an 8-bit approximation of 1/m, and −ln of it.
    static let logTable: [(inverse: Double, minusLog: DoubleDouble)] = (0..<64).map { j in
        let centre = 1 + (Double(j) + 0.5) / 64
        let inverse = roundEven(256 / centre) / 256
        return (inverse, -log(inverse))
    }

    // MARK: - exp

    /// ln 2 / 64 as c1 (36 bits) + c2.
    static let expSteps: (Double, Double) = {
        let step = ln2 * (1.0 / 64)
        let c1 = trunc(step.hi * 0x1p42) / 0x1p42
        return (c1, (step.hi - c1) + step.lo)
    }()

    /// π/2 as p1 + p2 (33 bits each) + p3.
    static let halfPiSteps: (Double, Double, Double) = {
        let p1 = trunc(halfPi.hi * 0x1p32) / 0x1p32
        let rest = DoubleDouble.twoSum(halfPi.hi - p1, halfPi.lo)
        let p2 = trunc(rest.hi * 0x1p65) / 0x1p65
        return (p1, p2, (rest.hi - p2) + rest.lo)
    }()

    /// x = k·π/2 + r for |x| < 2²⁰ (Cody and Waite: k·p1 and k·p2 exact, x − k·p1 exact by
    /// Sterbenz), r to about 2⁻¹¹⁰.
    @inline(__always) static func reduceFast(_ x: Double, _ k: Double) -> DoubleDouble {
        let (p1, p2, p3) = halfPiSteps
        let r1 = x - k * p1
        var r = DoubleDouble.twoSum(r1, -k * p2)
        r.lo -= k * p3
        return DoubleDouble.quickTwoSum(r.hi, r.lo)
    }

    /// e^(a.hi + a.lo) as m·2ᵏ on the fast path, with m's error bound; nil when |a| is too large.
    @inline(__always) static func expFast(_ a: DoubleDouble) -> (hi: Double, lo: Double, bound: Double, k: Int)? {
        guard abs(a.hi) < 700 else { return nil }
        let n = roundEven(a.hi * (64 / ln2.hi))
        // r = a − n·ln2/64 (Cody and Waite): n·c1 is exact (c1 has 36 bits, |n| < 2¹⁶) and so
        // is a − n·c1 (Sterbenz); n·c2 is rounded by 2⁻⁷⁸ at most.
        let (c1, c2) = expSteps
        let r1 = a.hi - n * c1
        // a.lo (up to half an ulp of a.hi, 10⁻¹⁴ for pow's large exponents) goes in properly:
        // the polynomial reads only r.hi.
        let r = DoubleDouble.twoSum(r1, -n * c2) + DoubleDouble(a.lo)
        let j = Int(n) & 63, k = (Int(n) - j) >> 6
        let t = exp2Table[j]
        // e^r − 1 − r for |r| ≤ ln2/128, to r⁶/720 (the next term is below 2⁻⁶⁵).
        let x = r.hi
        let p = x * x * (0.5 + x * (1.0 / 6 + x * (1.0 / 24 + x * (1.0 / 120 + x * (1.0 / 720)))))
        // t·(1 + r + p), with t.hi·r.hi exact.
        let product = DoubleDouble.twoProduct(t.hi, x)
        let sum = DoubleDouble.twoSum(t.hi, product.hi)
        let tail = sum.lo + (product.lo + (t.hi * (r.lo + p) + t.lo * (1 + x)))
        return (sum.hi, tail, 0x1p-62 * sum.hi, k)
    }

    // MARK: - ln (for pow)

    /// ln x for finite x > 0 as a double-double with an absolute error bound.
    @inline(__always) static func logFast(_ x: Double) -> (DoubleDouble, bound: Double) {
        let e = Double(x.exponent)
        let m = x.significand   // [1, 2), exact
        let j = min(Int((m - 1) * 64), 63)
        let entry = logTable[j]
        // z = m·inverse − 1, exactly (the product as a double-double, then 1 taken off).
        let mi = DoubleDouble.twoProduct(m, entry.inverse)
        let z = DoubleDouble.quickTwoSum(mi.hi - 1, mi.lo)   // mi.hi − 1 is exact (Sterbenz)
        let zh = z.hi
        // ln(1 + z) − z + z²/2 for |z| < 1/100, to z¹⁰ (the next term is below 2⁻⁷⁰).
        let z2 = zh * zh
        let series = z2 * zh * (1.0 / 3 - zh * (1.0 / 4 - zh * (1.0 / 5 - zh * (1.0 / 6 - zh * (1.0 / 7
            - zh * (1.0 / 8 - zh * (1.0 / 9 - zh * (1.0 / 10))))))))
        let half = DoubleDouble.twoProduct(zh, zh) * -0.5
        let lnM = entry.minusLog + z + half + DoubleDouble(series - zh * z.lo)
        let ln = lnM + DoubleDouble.twoProduct(e, ln2.hi) + DoubleDouble(e * ln2.lo)
        return (ln, 0x1p-66 * (1 + abs(e)))
    }

    // MARK: - sin and cos

    /// sin r and cos r for a reduced |r| ≤ π/4 + a little, each as hi + lo, with an error bound
    /// for both: r = j/64 + d, |d| ≤ 1/128, from the table's sin and cos of j/64.
    @inline(__always) static func sinCosFast(_ r: DoubleDouble) -> (sin: DoubleDouble, cos: DoubleDouble, sinBound: Double, cosBound: Double) {
        let negative = r.hi < 0
        let a = negative ? -r : r
        let j = Int(roundEven(a.hi * 64))
        let entry = sinCosTable[min(j, 52)]
        // d = a − j/64: a.hi − j/64 is exact (Sterbenz for j ≥ 1), and a.lo joins it as a
        // normalized pair, so that products with d's low part are negligible.
        let d = DoubleDouble.twoSum(a.hi - Double(j) / 64, a.lo)
        let dh = d.hi, dl = d.lo
        let d2 = dh * dh
        // sin d − d and cos d − 1, to d⁷ and d⁶ (the next terms are below 2⁻⁷⁰).
        let sinRest = dh * d2 * (-1.0 / 6 + d2 * (1.0 / 120 - d2 * (1.0 / 5040)))
        let cosRest = d2 * (-0.5 + d2 * (1.0 / 24 - d2 * (1.0 / 720)))
        let (s, c) = entry
        // sin a = s + c·d + [c·(sin d − d) + s·(cos d − 1)], the first product exact.
        let cd = DoubleDouble.twoProduct(c.hi, dh)
        let sinSum = DoubleDouble.twoSum(s.hi, cd.hi)
        let sinTail = sinSum.lo + (cd.lo + (c.hi * (dl + sinRest) + s.hi * cosRest + s.lo + c.lo * dh))
        // cos a = c − s·d + [c·(cos d − 1) − s·(sin d − d)].
        let sd = DoubleDouble.twoProduct(s.hi, dh)
        let cosSum = DoubleDouble.twoSum(c.hi, -sd.hi)
        let cosTail = cosSum.lo + (-sd.lo + (c.hi * cosRest - s.hi * (dl + sinRest) + c.lo - s.lo * dh))
        let sine = DoubleDouble(sinSum.hi, sinTail)
        // About 2⁻⁶⁷ absolute at worst (a few roundings of 2⁻⁶⁸); near 0 the sine's error
        // shrinks with it.
        return (negative ? -sine : sine, DoubleDouble(cosSum.hi, cosTail), j == 0 ? 0x1p-64 * abs(dh) : 0x1p-64, 0x1p-64)
    }

    // MARK: - atan

    /// atan t for 0 ≤ t ≤ 1 (t = n/d given as a double-double) as hi + lo with an absolute
    /// error bound: t = j/64 + e, atan t = atan(j/64) + atan(δ), δ = e/(1 + t·j/64).
    @inline(__always) static func atanFast(_ t: DoubleDouble) -> (DoubleDouble, bound: Double) {
        let j = Int(roundEven(t.hi * 64))
        let c = Double(j) / 64
        // The numerator t − c exactly (Sterbenz for j ≥ 1), the denominator 1 + t·c to 2⁻¹⁰⁰.
        let num = DoubleDouble.quickTwoSum(t.hi - c, t.lo)
        let den = DoubleDouble(1) + DoubleDouble.twoProduct(t.hi, c) + DoubleDouble(t.lo * c)
        let q = num.hi / den.hi
        // One correction: δ = q + (num − q·den)/den.
        let residual = num - den * q
        let dh = q, dl = residual.hi / den.hi
        let d2 = dh * dh
        // atan δ − δ for |δ| ≤ 1/128, to δ⁹ (the next term is below 2⁻⁷⁰).
        let rest = dh * d2 * (-1.0 / 3 + d2 * (1.0 / 5 - d2 * (1.0 / 7 - d2 * (1.0 / 9))))
        let base = atanTable[j]
        let sum = DoubleDouble.twoSum(base.hi, dh)
        // About 2⁻⁷² absolute; near 0 the error shrinks with t.
        return (DoubleDouble(sum.hi, sum.lo + (base.lo + (dl + rest))), j == 0 ? 0x1p-64 * abs(dh) : 0x1p-66)
    }
}
