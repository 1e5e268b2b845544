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
    @inline(__always) public static func roundEven(_ x: Double) -> Double {
        let t = trunc(x)
        let f = x - t
        if abs(f) != 0.5 { return abs(f) > 0.5 ? t + (f > 0 ? 1 : -1) : t }
        let odd = trunc(t / 2) * 2 != t
        return odd ? t + (f > 0 ? 1 : -1) : t
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
