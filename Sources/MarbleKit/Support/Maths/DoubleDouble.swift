/// A number carried as the unevaluated sum of two Doubles, `hi + lo` with |lo| ≤ ulp(hi)/2:
/// about 106 bits, enough that rounding the result of a few dozen operations to one Double
/// gives the correctly rounded answer except in cases a 2⁻⁹⁸ error can tip.
///
/// Only IEEE additions, multiplications and divisions, in a fixed order: no fused multiply-add
/// (Swift never contracts; products are split by Veltkamp's method), no libm, so every
/// platform computes the same bits. The error-free transformations are Dekker's and Knuth's
/// (Shewchuk, "Adaptive Precision Floating-Point Arithmetic", 1997).
struct DoubleDouble: Sendable {
    var hi: Double
    var lo: Double

    @inline(__always) init(_ hi: Double, _ lo: Double = 0) {
        self.hi = hi
        self.lo = lo
    }

    /// The nearest Double.
    @inline(__always) var value: Double { hi + lo }

    // MARK: - Error-free transformations

    /// a + b exactly, as a sum and its rounding error.
    @inline(__always) static func twoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bb = s - a
        return DoubleDouble(s, (a - (s - bb)) + (b - bb))
    }

    /// a + b exactly, when |a| ≥ |b| (or a is 0).
    @inline(__always) static func quickTwoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(s, b - (s - a))
    }

    /// a × b exactly (for |a|, |b| < 2⁹⁹⁶: the split must not overflow).
    @inline(__always) static func twoProduct(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        let (ah, al) = split(a), (bh, bl) = split(b)
        return DoubleDouble(p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
    }

    /// a as two halves of 26 bits each.
    @inline(__always) static func split(_ a: Double) -> (Double, Double) {
        let c = 134_217_729.0 * a   // 2²⁷ + 1
        let hi = c - (c - a)
        return (hi, a - hi)
    }

    // MARK: - Arithmetic

    @inline(__always) static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        var s = twoSum(a.hi, b.hi)
        let t = twoSum(a.lo, b.lo)
        s.lo += t.hi
        s = quickTwoSum(s.hi, s.lo)
        s.lo += t.lo
        return quickTwoSum(s.hi, s.lo)
    }

    @inline(__always) static prefix func - (a: DoubleDouble) -> DoubleDouble { DoubleDouble(-a.hi, -a.lo) }

    @inline(__always) static func - (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble { a + (-b) }

    @inline(__always) static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        var p = twoProduct(a.hi, b.hi)
        p.lo += a.hi * b.lo + a.lo * b.hi
        return quickTwoSum(p.hi, p.lo)
    }

    @inline(__always) static func * (a: DoubleDouble, b: Double) -> DoubleDouble {
        var p = twoProduct(a.hi, b)
        p.lo += a.lo * b
        return quickTwoSum(p.hi, p.lo)
    }

    static func / (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let q1 = a.hi / b.hi
        var r = a - b * q1
        let q2 = r.hi / b.hi
        r = r - b * q2
        let q3 = r.hi / b.hi
        return quickTwoSum(q1, q2) + DoubleDouble(q3)
    }

    /// The square root (of a ≥ 0): one Newton step from the Double's.
    static func squareRoot(_ a: DoubleDouble) -> DoubleDouble {
        guard a.hi > 0 else { return DoubleDouble(0) }
        let x = a.hi.squareRoot()
        let r = a - twoProduct(x, x)
        return quickTwoSum(x, r.hi / (2 * x))
    }

    /// Multiplies by 2ⁿ exactly (no overflow or underflow in the app's range).
    @inline(__always) func scaled(byPowerOfTwo n: Int) -> DoubleDouble {
        let f = Maths.powerOfTwo(n)
        return DoubleDouble(hi * f, lo * f)
    }
}
