/// Rounding to integers and remainders, exactly, without libm.
extension Maths {
    // Every Double of magnitude ≥ 2⁵² is an integer already.
    static let integral = 4_503_599_627_370_496.0

    /// x rounded towards zero.
    @inline(__always) public static func trunc(_ x: Double) -> Double {
        guard abs(x) < integral else { return x }   // integers, infinities and NaN
        let t = Double(Int64(x))
        return t == 0 ? (x.sign == .minus ? -0.0 : 0.0) : t
    }

    /// ⌊x⌋.
    @inline(__always) public static func floor(_ x: Double) -> Double {
        let t = trunc(x)
        return t > x ? t - 1 : t
    }

    /// ⌈x⌉.
    @inline(__always) public static func ceil(_ x: Double) -> Double {
        let t = trunc(x)
        return t < x ? t + 1 : t
    }

    /// x rounded to the nearest integer, halves away from zero (Swift's `rounded()`).
    @inline(__always) public static func round(_ x: Double) -> Double {
        let t = trunc(x)
        // x − t is exact: both lie in the same binade or t is 0.
        let f = x - t
        if f >= 0.5 { return t + 1 }
        if f <= -0.5 { return t - 1 }
        return t
    }

    /// x rounded to the nearest integer, halves to even (`rounded(.toNearestOrEven)`).
    ///
    /// Below 2⁵¹ one addition does it: x + 1.5·2⁵² has no bits below the units, so IEEE's own
    /// rounding (to nearest, ties to even) rounds x; taking 1.5·2⁵² off again is exact. It runs
    /// per sample (16-bit PCM), so it is branch-free but for the sign of a zero.
    @inline(__always) public static func roundEven(_ x: Double) -> Double {
        guard abs(x) < 0x1p51 else { return roundEvenLarge(x) }
        let r = (x + 0x1.8p52) - 0x1.8p52
        return Double(sign: x.sign, exponentBitPattern: r.exponentBitPattern, significandBitPattern: r.significandBitPattern)
    }

    /// `roundEven` from 2⁵¹ up: only [2⁵¹, 2⁵²) has halves left.
    static func roundEvenLarge(_ x: Double) -> Double {
        let t = trunc(x)
        let f = x - t
        guard abs(f) == 0.5 else { return t }
        return trunc(t / 2) * 2 != t ? t + (f > 0 ? 1 : -1) : t
    }

    /// x − n·y for the integer n = trunc(x / y), exactly, as C's `fmod` (the sign of x; y > 0
    /// finite; NaN for x infinite or NaN).
    public static func remainder(_ x: Double, dividingBy y: Double) -> Double {
        guard x.isFinite, y.isFinite, y != 0 else { return .nan }
        var r = abs(x)
        let d = abs(y)
        guard r >= d else { return x }
        // Long division in binary: subtract d·2ᵏ from the largest k down. Each subtraction is
        // exact (Sterbenz: d·2ᵏ ≤ r < d·2ᵏ⁺¹).
        var m = d
        while m <= r / 2 { m *= 2 }
        while m >= d {
            if r >= m { r -= m }
            m /= 2
        }
        return x.sign == .minus ? -r : r
    }
}
