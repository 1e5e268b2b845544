/// eˣ.
extension Maths {
    /// eˣ, correctly rounded but for hard cases (see `Maths`).
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.1332191019412 { return 0 }
        if abs(x) < 0x1p-54 { return 1 + x }
        if let f = expFast(DoubleDouble(x)), let v = settled(f.hi, f.lo, bound: f.bound) { return v * powerOfTwo(f.k) }
        let (m, k) = expReduced(DoubleDouble(x))
        return compose(m, k)
    }

    /// e^a as m·2ᵏ, m in about [0.7, 1.42], for |a| < 746.
    ///
    /// a = k·ln 2 + r with |r| ≤ ln 2 / 2; e^r from its series at r/256 (ten terms reach
    /// 2⁻¹¹⁰ there), then squared back eight times as e^(2s) − 1 = u(u + 2), which keeps the
    /// small part's precision.
    static func expReduced(_ a: DoubleDouble) -> (DoubleDouble, Int) {
        let k = roundEven(a.hi / ln2.hi)
        // r = a − k·ln 2, with ln 2 to 160 bits: k·ln2.hi is exact as a double-double.
        let r = a - DoubleDouble.twoProduct(k, ln2.hi) - DoubleDouble.twoProduct(k, ln2.lo) - DoubleDouble(k * ln2Tail)
        let s = r.scaled(byPowerOfTwo: -8)
        // e^s − 1 = s + s²/2! + … + s¹¹/11!, by Horner.
        let f = inverseFactorials
        var u = f[11]
        for n in stride(from: 10, through: 1, by: -1) { u = u * s + f[n] }
        u = u * s
        for _ in 0..<8 { u = u * (u + DoubleDouble(2)) }
        return (u + DoubleDouble(1), Int(k))
    }
}
