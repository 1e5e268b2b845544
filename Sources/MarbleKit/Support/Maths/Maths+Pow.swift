/// xʸ, through a double-double logarithm.
extension Maths {
    /// xʸ, correctly rounded but for hard cases; C's `pow` for the special values.
    public static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 || x == 1 { return 1 }
        if x.isNaN || y.isNaN { return .nan }
        let yIsInteger = y.isFinite && trunc(y) == y
        let yIsOdd = yIsInteger && abs(y) < integral * 2 && remainder(y, dividingBy: 2) != 0
        if x == 0 {
            let zero = y > 0 ? 0.0 : Double.infinity
            return yIsOdd && x.sign == .minus ? -zero : zero
        }
        if y.isInfinite {
            if x == -1 { return 1 }
            return (abs(x) < 1) == (y < 0) ? .infinity : 0
        }
        if x.isInfinite {
            let big = y > 0 ? Double.infinity : 0
            return x < 0 && yIsOdd ? -big : big
        }
        if x < 0 && !yIsInteger { return .nan }
        let sign: Double = x < 0 && yIsOdd ? -1 : 1
        let (ln, lnBound) = logFast(abs(x))
        let fast = ln * y
        if let f = expFast(fast) {
            // ln's error, times y, is e's relative error; then the product's rounding.
            let bound = f.bound + f.hi * (abs(y) * lnBound + 0x1p-100 * abs(fast.hi))
            if let v = settled(f.hi, f.lo, bound: bound) { return sign * v * powerOfTwo(f.k) }
        }
        let t = log(abs(x)) * y
        if t.hi > 709.79 { return sign * .infinity }
        if t.hi < -745.2 { return sign * 0 }
        let (m, k) = expReduced(t)
        return sign * compose(m, k)
    }

    /// ln x for finite x > 0, as a double-double.
    ///
    /// x = m·2ᵉ with m in [√½, √2); ln m = 2·atanh(s), s = (m − 1)/(m + 1) ≤ 0.172, whose odd
    /// series reaches 2⁻¹¹⁰ in 22 terms.
    static func log(_ x: Double) -> DoubleDouble {
        var e = Int(x.exponent)
        var m = x.significand   // [1, 2), exact
        if m > 1.4142135623730951 {
            m /= 2
            e += 1
        }
        let s = DoubleDouble.twoSum(m, -1) / DoubleDouble.twoSum(m, 1)
        let s2 = s * s
        let c = inverseOdds
        var sum = c[22]
        for k in stride(from: 21, through: 0, by: -1) { sum = sum * s2 + c[k] }
        let lnM = (sum * s).scaled(byPowerOfTwo: 1)
        let ee = Double(e)
        return lnM + DoubleDouble.twoProduct(ee, ln2.hi) + DoubleDouble.twoProduct(ee, ln2.lo) + DoubleDouble(ee * ln2Tail)
    }
}
