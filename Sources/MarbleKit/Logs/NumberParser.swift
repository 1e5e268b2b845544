import Foundation

/// Decimal numbers from bytes, exactly as `Double(String)` reads them, but quicker.
///
/// Most numbers take an exact fast path; everything else (over 19 significant digits, large
/// exponents, `nan`, `inf`, anything odd) goes to the standard library's parser.
/// - A significand up to 2⁵³ and a power of ten up to 10²²: both are exact doubles, so one
///   correctly rounded multiplication or division gives the correctly rounded result (Clinger).
/// - Up to 19 digits and 10^±27: Eisel–Lemire (`EiselLemire`), a 128-bit product with a table
///   of powers of ten, exact whenever it gives an answer (all but about one number in a
///   thousand of random 17-digit ones).
/// - What it leaves, on x86-64: the same in 80-bit extended precision, whose 64-bit
///   significand holds both exactly. Rounding that result to a double is correct unless the
///   extended result lies exactly halfway between two doubles (the only case where rounding
///   twice can differ from rounding once); that rare case falls back to the slow path.
///
/// Written by hand because the shortest round-trip form of a double has up to 17 digits, and
/// `Double(String)` (a string allocation and `strtod` each) was 80% of reading a log.
struct NumberParser {
    private let powers: [Double] = (0...22).map { Foundation.pow(10, Double($0)) }
    #if arch(x86_64)
    private let powers80: [Float80] = {
        var p: [Float80] = [1]
        for _ in 1...27 { p.append(p[p.count - 1] * 10) }
        return p
    }()
    #endif
    private let tens = EiselLemire()

    /// A shared parser, for callers that parse now and then (a hot loop keeps its own).
    static let shared = NumberParser()

    /// The number in `raw` (spaces and tabs around it are ignored), or nil if it is not one.
    static func parse(_ raw: UnsafeBufferPointer<UInt8>) -> Double? {
        shared.parse(raw)
    }

    /// The number in `raw` (spaces and tabs around it are ignored), or nil if it is not one.
    func parse(_ raw: UnsafeBufferPointer<UInt8>) -> Double? {
        var lo = 0, hi = raw.count
        while lo < hi, raw[lo] == 0x20 || raw[lo] == 0x09 { lo += 1 }
        while hi > lo, raw[hi - 1] == 0x20 || raw[hi - 1] == 0x09 { hi -= 1 }
        guard lo < hi else { return nil }
        if let fast = fastParse(raw, lo, hi) { return fast }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: raw[lo..<hi]), as: UTF8.self))
    }

    /// The number that starts at `raw[start]` (no space before it) and where it ends: the index
    /// of the first byte after it, or `raw.count`. Nil when no fast path reads it, or when
    /// nothing there is a number; a caller that finds no separator at the end reads the field
    /// whole with `parse`, which gives the same value for the same bytes.
    @inline(__always)
    func parsePrefix(_ raw: UnsafeBufferPointer<UInt8>, from start: Int) -> (value: Double, end: Int)? {
        start < raw.count ? scan(raw, start, raw.count) : nil
    }

    /// The value of `raw[lo..<hi]` when a fast path applies, else nil.
    @inline(__always)
    private func fastParse(_ raw: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hi: Int) -> Double? {
        guard let (value, end) = scan(raw, lo, hi), end == hi else { return nil }
        return value
    }

    /// The number at the start of `raw[lo..<hi]` and the index after it, when a fast path
    /// reads it; else nil.
    @inline(__always)
    private func scan(_ raw: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hi: Int) -> (Double, Int)? {
        var i = lo
        var negative = false
        if raw[i] == UInt8(ascii: "-") { negative = true; i += 1 } else if raw[i] == UInt8(ascii: "+") { i += 1 }
        // Every digit goes into the mantissa (wrapping past 19 digits: counted, and re-read below).
        var mantissa: UInt64 = 0
        let intStart = i
        while i < hi, raw[i] &- 0x30 < 10 {
            mantissa = mantissa &* 10 &+ UInt64(raw[i] &- 0x30)
            i += 1
        }
        let intDigits = i - intStart
        var decimals = 0
        if i < hi, raw[i] == UInt8(ascii: ".") {
            i += 1
            let fracStart = i
            // Eight digits at a time while eight are there (a log's decimals run to 16 or 17).
            while hi - i >= 8 {
                let eight = UnsafeRawPointer(raw.baseAddress! + i).loadUnaligned(as: UInt64.self)
                guard Self.areEightDigits(eight) else { break }
                mantissa = mantissa &* 100_000_000 &+ Self.valueOfEightDigits(eight)
                i += 8
            }
            while i < hi, raw[i] &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(raw[i] &- 0x30)
                i += 1
            }
            decimals = i - fracStart
        }
        guard intDigits + decimals > 0 else { return nil }
        // Leading zeros are not significant digits: over 19 digits, count them without them.
        if intDigits + decimals > 19 {
            guard let m = Self.significand(raw, from: intStart, to: i) else { return nil }
            mantissa = m
        }
        var exponent = 0
        if i < hi, raw[i] == UInt8(ascii: "e") || raw[i] == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            if i < hi, raw[i] == UInt8(ascii: "-") { expNegative = true; i += 1 } else if i < hi, raw[i] == UInt8(ascii: "+") { i += 1 }
            var expDigits = 0
            while i < hi, raw[i] >= 0x30 && raw[i] <= 0x39 {
                expDigits += 1
                if expDigits > 4 { return nil }
                exponent = exponent * 10 + Int(raw[i] &- 0x30)
                i += 1
            }
            guard expDigits > 0 else { return nil }
            if expNegative { exponent = -exponent }
        }
        if mantissa == 0 { return (negative ? -0.0 : 0.0, i) }
        let e10 = exponent - decimals
        // Both exact doubles: one correctly rounded operation (Clinger).
        if mantissa <= 1 << 53 && e10 >= -22 && e10 <= 22 {
            let m = Double(mantissa)
            let v = e10 < 0 ? m / powers[-e10] : m * powers[e10]
            return (negative ? -v : v, i)
        }
        if let v = tens.value(mantissa, times: e10, negative: negative) { return (v, i) }
        #if arch(x86_64)
        if e10 >= -27 && e10 <= 27 {
            let m = Float80(mantissa)
            let r = e10 < 0 ? m / powers80[-e10] : m * powers80[e10]
            // The 11 bits a double drops: exactly 100…0 means halfway, where rounding twice may err.
            if r.significandBitPattern & 0x7FF != 0x400 {
                let v = Double(r)
                return (negative ? -v : v, i)
            }
        }
        #endif
        return nil
    }

    /// The digits of `raw[start..<end]` (digits and at most one point) as an integer when,
    /// leading zeros aside, there are at most 19; else nil.
    private static func significand(_ raw: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt64? {
        var mantissa: UInt64 = 0, digits = 0
        for i in start..<end where raw[i] != UInt8(ascii: ".") {
            guard digits > 0 || raw[i] != 0x30 else { continue }
            digits += 1
            if digits > 19 { return nil }
            mantissa = mantissa &* 10 &+ UInt64(raw[i] &- 0x30)
        }
        return mantissa
    }

    /// Whether the eight bytes of `v` (little-endian) are all ASCII digits.
    @inline(__always)
    private static func areEightDigits(_ v: UInt64) -> Bool {
        // A byte below "0" borrows into its top bit; one above "9" carries into it.
        ((v &+ 0x4646_4646_4646_4646) | (v &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080 == 0
    }

    /// The number eight ASCII digits in `v` (little-endian: the first digit in the low byte) write.
    @inline(__always)
    private static func valueOfEightDigits(_ v: UInt64) -> UInt64 {
        // Pairs of digits, then pairs of pairs, then the two halves, each step one multiply.
        var v = v &- 0x3030_3030_3030_3030
        v = v &* 10 &+ (v &>> 8)
        v = ((v & 0x0000_00FF_0000_00FF) &* 0x000F_4240_0000_0064
            &+ ((v &>> 16) & 0x0000_00FF_0000_00FF) &* 0x0000_2710_0000_0001) &>> 32
        return v & 0xFFFF_FFFF
    }
}
