import Foundation
import Testing
@testable import MarbleKit

/// The core's own maths against the C library's (glibc here), bit for bit where they agree,
/// and never more than one ulp apart; the rounding functions exactly.
///
/// glibc's functions are accurate to about half an ulp, not correctly rounded, so on a few
/// inputs in a thousand the two round differently. `MARBLE_MATHS_SAMPLES` sets how many
/// random inputs each function gets (default 20,000; `MARBLE_MATHS_SAMPLES=1000000 swift test
/// --filter MathsTests` takes about 40 s and prints the counts), and `MARBLE_MATHS_DUMP=1`
/// prints the first differing inputs, to check against a high-precision reference (mpmath).
@Suite("Maths")
struct MathsTests {
    static let samples = ProcessInfo.processInfo.environment["MARBLE_MATHS_SAMPLES"].flatMap(Int.init) ?? 20_000

    /// Says how many differed (with `MARBLE_MATHS_SAMPLES` set: the figures for a note).
    static func report(_ name: String, _ differing: Int, of count: Int) {
        guard ProcessInfo.processInfo.environment["MARBLE_MATHS_SAMPLES"] != nil else { return }
        print("maths: \(name): \(differing) of \(count) differ from libm by one ulp, the rest are the same bits")
    }

    /// How far apart two Doubles are, in units in the last place (0: the same bits).
    static func ulps(_ a: Double, _ b: Double) -> UInt64 {
        if a.isNaN && b.isNaN { return 0 }
        if a == b && a.sign == b.sign { return 0 }
        func ordered(_ x: Double) -> Int64 {
            let bits = Int64(bitPattern: x.bitPattern)
            return bits < 0 ? Int64.min &- bits : bits
        }
        let d = ordered(a) &- ordered(b)
        return d == .min ? .max : UInt64(abs(d))
    }

    /// Compares `ours` with `theirs` over `inputs`: at most one ulp apart everywhere, and the
    /// share that differ at all below `maxDiffering`. Returns how many differed.
    @discardableResult
    static func agree(_ name: String, _ inputs: [Double], maxDiffering: Double = 0.002,
                      _ ours: (Double) -> Double, _ theirs: (Double) -> Double) -> Int {
        var differing = 0
        for x in inputs {
            let a = ours(x), b = theirs(x)
            let d = ulps(a, b)
            if d > 0 { differing += 1 }
            if d > 0, differing <= 8, ProcessInfo.processInfo.environment["MARBLE_MATHS_DUMP"] != nil {
                print("dump \(name) \(x.bitPattern) \(a.bitPattern) \(b.bitPattern)")
            }
            if d > 1 {
                Issue.record("\(name)(\(x)) = \(a), libm says \(b): \(d) ulps apart")
                return differing
            }
        }
        #expect(Double(differing) <= maxDiffering * Double(inputs.count), "\(name): \(differing) of \(inputs.count) differ by an ulp")
        report(name, differing, of: inputs.count)
        return differing
    }

    /// `agree` for functions of two arguments.
    static func agree(_ name: String, _ pairs: [(Double, Double)],
                      _ ours: (Double, Double) -> Double, _ theirs: (Double, Double) -> Double) {
        var differing = 0
        for (u, v) in pairs {
            let a = ours(u, v), b = theirs(u, v)
            let d = ulps(a, b)
            if d > 0 { differing += 1 }
            #expect(d <= 1, "\(name)(\(u), \(v)) = \(a), libm says \(b)")
        }
        #expect(Double(differing) <= 0.002 * Double(pairs.count), "\(name): \(differing) of \(pairs.count) differ")
        report(name, differing, of: pairs.count)
    }

    static func randoms(_ n: Int, in range: ClosedRange<Double>, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return (0..<n).map { _ in Double.random(in: range, using: &rng) }
    }

    static let specials: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 2, .pi, -.pi, .pi / 2, .pi / 4, 1e-300, -1e-300,
                                     5e-324, -5e-324, 1e300, -1e300, .infinity, -.infinity, .nan, 709.78, -745.1, 710, -746]

    @Test("exp agrees with libm")
    func exp() {
        Self.agree("exp", Self.specials + Self.randoms(Self.samples, in: -745...709.7, seed: 1), Maths.exp, Foundation.exp)
        Self.agree("exp", Self.randoms(Self.samples, in: -2...2, seed: 2), Maths.exp, Foundation.exp)
    }

    @Test("sin and cos agree with libm below 2³⁰; beyond, they stay within [−1, 1]")
    func sinCos() {
        for x in [1e300, -1e300, 0x1p30, 1e17, .greatestFiniteMagnitude] {
            #expect(abs(Maths.sin(x)) <= 1 && abs(Maths.cos(x)) <= 1, "sin, cos(\(x))")
        }
        let inputs = Self.specials.filter { !(abs($0) >= 0x1p30) } + Self.randoms(Self.samples, in: -10_000...10_000, seed: 3) + Self.randoms(Self.samples, in: -4...4, seed: 4)
        Self.agree("sin", inputs, Maths.sin, Foundation.sin)
        Self.agree("cos", inputs, Maths.cos, Foundation.cos)
    }

    @Test("atan2 agrees with libm, signed zeros and infinities included")
    func atan2() {
        var rng = SplitMix64(seed: 5)
        let pairs = Self.specials.flatMap { y in Self.specials.map { (y, $0) } }
            + (0..<Self.samples).map { _ in (Double.random(in: -1000...1000, using: &rng), Double.random(in: -1000...1000, using: &rng)) }
        Self.agree("atan2", pairs, { Maths.atan2($0, $1) }, { Foundation.atan2($0, $1) })
    }

    @Test("pow agrees with libm, special values included")
    func pow() {
        var rng = SplitMix64(seed: 6)
        let pairs = Self.specials.flatMap { x in (Self.specials + [3, -3, 0.7]).map { (x, $0) } }
            + (0..<Self.samples).map { _ in (Double.random(in: 0...1, using: &rng), Double.random(in: 0.1...3, using: &rng)) }
            + (0..<Self.samples).map { _ in (Double.random(in: 0...100, using: &rng), Double.random(in: -50...50, using: &rng)) }
        Self.agree("pow", pairs, { Maths.pow($0, $1) }, { Foundation.pow($0, $1) })
    }

    @Test("the rounding functions and remainder are exact")
    func rounding() {
        var rng = SplitMix64(seed: 7)
        let inputs = Self.specials + [0.5, 1.5, 2.5, -2.5, 0x1p52 + 1, -0x1p52 - 1, 0x1p53, 4.5e15 + 0.5]
            + (0..<Self.samples).map { _ in Double.random(in: -1e6...1e6, using: &rng) }
            + (0..<1000).map { _ in Double(Int.random(in: -100...100, using: &rng)) / 2 }
        for x in inputs {
            #expect(Self.ulps(Maths.floor(x), Foundation.floor(x)) == 0, "floor(\(x))")
            #expect(Self.ulps(Maths.ceil(x), Foundation.ceil(x)) == 0, "ceil(\(x))")
            #expect(Self.ulps(Maths.trunc(x), Foundation.trunc(x)) == 0, "trunc(\(x))")
            #expect(Self.ulps(Maths.round(x), x.rounded()) == 0, "round(\(x))")
            #expect(Self.ulps(Maths.roundEven(x), x.rounded(.toNearestOrEven)) == 0, "roundEven(\(x))")
            #expect(Self.ulps(Maths.remainder(x, dividingBy: 360), Foundation.fmod(x, 360)) == 0, "fmod(\(x), 360)")
            #expect(Self.ulps(Maths.remainder(x, dividingBy: 0.1), Foundation.fmod(x, 0.1)) == 0, "fmod(\(x), 0.1)")
        }
    }

    @Test("the fast paths give exactly the double-double reference's result (their error bounds hold)")
    func fastPathsEqualReference() {
        var rng = SplitMix64(seed: 8)
        for _ in 0..<Self.samples {
            let x = Double.random(in: -700...700, using: &rng)
            let (m, k) = Maths.expReduced(DoubleDouble(x))
            #expect(Maths.exp(x) == Maths.compose(m, k), "exp(\(x))")

            let a = Double.random(in: -2000...2000, using: &rng)
            let q = Maths.roundEven(a / Maths.halfPi.hi)
            let r = Maths.reduceFast(a, q)
            let (s, c) = Maths.sinCosReduced(r)
            let (fs, fc) = Maths.sinCosReducedRounded(r)
            #expect(fs == s.value && fc == c.value, "sin, cos(\(a))")

            let (px, py) = (Double.random(in: 0...100, using: &rng), Double.random(in: -40...40, using: &rng))
            let (pm, pk) = Maths.expReduced(Maths.log(px) * py)
            #expect(Maths.pow(px, py) == Maths.compose(pm, pk), "pow(\(px), \(py))")

            let (y, z) = (Double.random(in: 0...1, using: &rng), Double.random(in: 1...2, using: &rng))
            #expect(Maths.atan2(y, z) == Maths.atanUnit(DoubleDouble(y) / DoubleDouble(z)).value, "atan2(\(y), \(z))")
        }
    }
}
