import Foundation

/// Decimal numbers from bytes, exactly as `Double(String)` reads them, but quicker.
///
/// Plain decimals with at most 15 significant digits and at most 22 decimals take the exact
/// fast path (Clinger's: both the digits and the power of ten are exact doubles, so one
/// correctly rounded division gives the correctly rounded result). Everything else (exponents,
/// long mantissas, `nan`, `inf`) goes to the standard library's parser.
enum NumberParser {
    private static let powersOfTen: [Double] = (0...22).map { Foundation.pow(10, Double($0)) }

    static func parse(_ raw: UnsafeBufferPointer<UInt8>) -> Double? {
        var lo = 0, hi = raw.count
        while lo < hi, raw[lo] == 0x20 || raw[lo] == 0x09 { lo += 1 }
        while hi > lo, raw[hi - 1] == 0x20 || raw[hi - 1] == 0x09 { hi -= 1 }
        guard lo < hi else { return nil }
        var i = lo
        var negative = false
        if raw[i] == UInt8(ascii: "-") { negative = true; i += 1 } else if raw[i] == UInt8(ascii: "+") { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0, decimals = 0
        var seenPoint = false, leading = true
        var fast = i < hi
        while i < hi {
            let b = raw[i]
            if b >= 0x30 && b <= 0x39 {
                if leading && b == 0x30 {
                    // Leading zeros are not significant digits.
                } else {
                    leading = false
                    digits += 1
                    mantissa = mantissa &* 10 &+ UInt64(b - 0x30)
                }
                if seenPoint { decimals += 1 }
            } else if b == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else {
                fast = false
                break
            }
            i += 1
        }
        if fast, digits <= 15, decimals <= 22, hi - lo > (negative ? 1 : 0) + (seenPoint ? 1 : 0) {
            let v = Double(mantissa) / powersOfTen[decimals]
            return negative ? -v : v
        }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: raw[lo..<hi]), as: UTF8.self))
    }
}
