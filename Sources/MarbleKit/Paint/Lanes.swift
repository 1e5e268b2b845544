/// Vector helpers for the rasterizer's lanes: min, max, select, masking, tests and rounding
/// that compile to a few vector instructions.
///
/// The standard library's pointwiseMin and pointwiseMax honour NaN lane by lane with branches,
/// and its Double-to-Int conversions check every lane; these do neither.

/// The smaller of each pair of lanes (`a` where either is NaN).
@inline(__always)
func lanesMin(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    select(b .< a, b, a)
}

/// The larger of each pair of lanes (`a` where either is NaN).
@inline(__always)
func lanesMax(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    select(b .> a, b, a)
}

/// Each lane rounded to the nearest integer (ties to even), for |x| ≤ 2⁵⁰: adding 1.5·2⁵²
/// leaves the integer in the low bits of the double.
@inline(__always)
func roundedInts(_ x: SIMD4<Double>) -> SIMD4<Int64> {
    let magic = 0x1.8p52
    return unsafeBitCast(x + magic, to: SIMD4<Int64>.self) &- Int64(bitPattern: magic.bitPattern)
}

// A mask's .&, .| and .! are the only bitwise operations on vectors that the standard library
// lowers to vector instructions directly (&, | and replace(with:where:) on vectors of numbers
// go lane by lane, and LLVM leaves some lanes scalar). So bits are selected and masked by
// viewing them as a mask.

/// `a` in the lanes of `mask`, `b` elsewhere.
@inline(__always)
func select(_ mask: SIMDMask<SIMD4<Int64>>, _ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    unsafeBitCast(select(mask, unsafeBitCast(a, to: SIMD4<Int64>.self), unsafeBitCast(b, to: SIMD4<Int64>.self)),
                  to: SIMD4<Double>.self)
}

/// `a` in the lanes of `mask`, `b` elsewhere.
@inline(__always)
func select(_ mask: SIMDMask<SIMD4<Int64>>, _ a: SIMD4<Int64>, _ b: SIMD4<Int64>) -> SIMD4<Int64> {
    typealias M = SIMDMask<SIMD4<Int64>>
    return unsafeBitCast((unsafeBitCast(a, to: M.self) .& mask) .| (unsafeBitCast(b, to: M.self) .& .!mask), to: SIMD4<Int64>.self)
}

/// `a` in the lanes of `mask`, `b` elsewhere.
@inline(__always)
func select(_ mask: SIMDMask<SIMD4<Int32>>, _ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> {
    typealias M = SIMDMask<SIMD4<Int32>>
    return unsafeBitCast((unsafeBitCast(a, to: M.self) .& mask) .| (unsafeBitCast(b, to: M.self) .& .!mask), to: SIMD4<UInt32>.self)
}

/// `a` in the lanes of `mask`, `b` elsewhere.
@inline(__always)
func select(_ mask: SIMDMask<SIMD4<Int32>>, _ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
    unsafeBitCast(select(mask, unsafeBitCast(a, to: SIMD4<UInt32>.self), unsafeBitCast(b, to: SIMD4<UInt32>.self)),
                  to: SIMD4<Float>.self)
}

/// The bits of `a` that are set in `b`.
@inline(__always)
func bitAnd(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> {
    typealias M = SIMDMask<SIMD4<Int32>>
    return unsafeBitCast(unsafeBitCast(a, to: M.self) .& unsafeBitCast(b, to: M.self), to: SIMD4<UInt32>.self)
}

/// Whether every lane of `mask` holds (two 64-bit halves, one compare).
@inline(__always)
func allLanes(_ mask: SIMDMask<SIMD4<Int32>>) -> Bool {
    let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return halves.x & halves.y == .max
}

/// Whether no lane of `mask` holds.
@inline(__always)
func noLanes(_ mask: SIMDMask<SIMD4<Int32>>) -> Bool {
    let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return halves.x | halves.y == 0
}
