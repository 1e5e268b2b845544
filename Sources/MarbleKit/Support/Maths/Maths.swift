/// The core's own elementary functions: exp, pow, sin, cos and atan2, and the rounding ones,
/// in plain Swift, so that pixels and samples do not depend on the C library's maths.
///
/// glibc, musl and Apple's libm give different last bits for the same input, and their own
/// versions differ between releases; a replay must paint the same pixels everywhere, as Box2D
/// v3's solver does with its own `b2ComputeCosSin` and `b2Atan2`. Each function here is
/// evaluated in double-double arithmetic (`DoubleDouble`, about 106 bits) and rounded once,
/// so it returns the correctly rounded result except where the exact value lies within about
/// 2⁻⁹⁸ of a rounding boundary. `MathsTests` compares each with the C library's over a million
/// inputs (glibc's are themselves accurate to about half an ulp, so the two agree on all but a
/// few in ten thousand, by one ulp). Slower than libm (a few hundred operations a call); the
/// core calls them per step or per sample, not per pixel.
///
/// The rounding functions (`floor`, `ceil`, `rounded`, `remainder`) are exact: on baseline
/// x86-64 Swift lowers `rounded(_:)` and `truncatingRemainder` to libm calls.
public enum Maths {
    // MARK: - Constants, in double-double (from mpmath at 300 bits)

    /// ln 2.
    static let ln2 = DoubleDouble(0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56)
    static let ln2Tail = 0x1.7b57a079a1934p-111
    /// π / 2 in three parts (argument reduction needs more than double-double).
    static let halfPi = DoubleDouble(0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54)
    static let halfPiTail = -0x1.f1976b7ed8fbcp-110
    /// π.
    static let pi = DoubleDouble(0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53)

    /// 1/n! for n = 0…30, each as a double-double quotient of exact factorials.
    static let inverseFactorials: [DoubleDouble] = {
        var out: [DoubleDouble] = []
        var f = DoubleDouble(1)
        for n in 0...30 {
            if n > 0 { f = f * Double(n) }
            out.append(DoubleDouble(1) / f)
        }
        return out
    }()

    /// 1/(2k+1) for k = 0…40.
    static let inverseOdds: [DoubleDouble] = (0...40).map { DoubleDouble(1) / DoubleDouble(Double(2 * $0 + 1)) }

    /// 2ⁿ, for n within the normal exponents (−1022…1023).
    @inline(__always) static func powerOfTwo(_ n: Int) -> Double {
        Double(bitPattern: UInt64(clamping: n + 1023) << 52)
    }

    /// m·2ᵏ rounded once to a Double (m positive, about 1): exact scaling of the rounded m in
    /// the normal range; below it, rounded straight from the double-double to a multiple of
    /// 2⁻¹⁰⁷⁴, so a subnormal result is not rounded twice.
    static func compose(_ m: DoubleDouble, _ k: Int) -> Double {
        if k > 1023 { return m.value * powerOfTwo(1023) * powerOfTwo(k - 1023) }
        if k >= -1021 { return m.value * powerOfTwo(k) }
        let shift = k + 1074   // m·2ᵏ in units of 2⁻¹⁰⁷⁴: below 2⁵³
        guard shift >= -1 else { return 0 }
        let f = shift >= 0 ? powerOfTwo(shift) : 0.5
        let hi = m.hi * f, lo = m.lo * f
        var n = roundEven(hi)
        let rest = (hi - n) + lo
        if rest > 0.5 || (rest == 0.5 && roundEven(n / 2) * 2 != n) { n += 1 }
        if rest < -0.5 || (rest == -0.5 && roundEven(n / 2) * 2 != n) { n -= 1 }
        return n * powerOfTwo(-52) * powerOfTwo(-1022)
    }
}

extension Maths {
    /// √x: IEEE 754's square root, which the standard requires correctly rounded, so it is the
    /// same bits on every platform (an instruction in release builds; unoptimized builds call
    /// the C library's `sqrt` for it, from here, so the folders that decide pixels need not).
    @inline(__always) public static func squareRoot(_ x: Double) -> Double { x.squareRoot() }

    /// √ of each lane, as `squareRoot(_:)`.
    @inline(__always) public static func squareRoot(_ v: SIMD4<Double>) -> SIMD4<Double> { v.squareRoot() }
}
