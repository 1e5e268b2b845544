import Foundation
import Testing
@testable import MarbleKit

/// The Eisel–Lemire path alone: its table against powers of ten known exactly, and its answers
/// against `Double(String)` bit for bit (a nil answer is allowed: the parser's exact paths take
/// those), on the numbers a log holds and on random decimals of every length and power it takes.
@Suite("Eisel–Lemire")
struct EiselLemireTests {
    static let tens = NumberParser.EiselLemire()

    @Test func tableHoldsPowersOfTen() {
        // 10⁰ … 10²⁷ are 5^q shifted: exact, the low word zero. 5²⁷ = 0x6765C793FA10079D.
        #expect(NumberParser.EiselLemire.significand(ofTenToThe: 0) == (1 << 63, 0))
        #expect(NumberParser.EiselLemire.significand(ofTenToThe: 1) == (0xA000_0000_0000_0000, 0))
        #expect(NumberParser.EiselLemire.significand(ofTenToThe: 27) == (0x6765_C793_FA10_079D << 1, 0))
        // 1/5 = 0.0011 0011…₂ and 1/25 = 0.0000 1010 0011 1101 0111 0000…₂, rounded down.
        #expect(NumberParser.EiselLemire.significand(ofTenToThe: -1) == (0xCCCC_CCCC_CCCC_CCCC, 0xCCCC_CCCC_CCCC_CCCC))
        #expect(NumberParser.EiselLemire.significand(ofTenToThe: -2) == (0xA3D7_0A3D_70A3_D70A, 0x3D70_A3D7_0A3D_70A3))
    }

    @Test func tableRoundsDownWithinOneUnit() {
        // For q < 0 the entry T is ⌊2^k / 5^|q|⌋ for the k that puts its top bit at 127: then
        // T · 5^|q| < 2^k ≤ (T + 1) · 5^|q|, and 2^k − T · 5^|q| lies in (0, 5^|q|).
        for q in -27 ... -1 {
            var five: UInt64 = 1
            for _ in 0..<(-q) { five &*= 5 }
            let (hi, lo) = NumberParser.EiselLemire.significand(ofTenToThe: q)
            #expect(hi >> 63 == 1, "10^\(q)")
            // T · five as three words (top, middle, low).
            let low = lo.multipliedFullWidth(by: five), high = hi.multipliedFullWidth(by: five)
            let (middle, carry) = high.low.addingReportingOverflow(low.high)
            let top = high.high + (carry ? 1 : 0)
            // 2^k − T · five < five < 2⁶³: 2^k is the next power of two above the product, and
            // the product's words below it are all ones but for the low word's last bits.
            let bits = 128 + (64 - top.leadingZeroBitCount)
            let gap = UInt64(0) &- low.low
            #expect(middle == .max && top == (1 << (bits - 128)) - 1 && gap > 0 && gap < five, "10^\(q)")
        }
    }

    /// Checks `w · 10^q` against `Double("we q")`; true when it agreed or gave nil.
    static func agrees(_ w: UInt64, _ q: Int, negative: Bool = false) -> (agrees: Bool, answered: Bool) {
        let text = (negative ? "-" : "") + "\(w)e\(q)"
        guard let got = tens.value(w, times: q, negative: negative) else { return (true, false) }
        return (Double(text)?.bitPattern == got.bitPattern, true)
    }

    @Test func randomSignificandsAndPowers() {
        var rng = SplitMix64(seed: 30)
        var failures: [String] = []
        for n in 0..<200_000 {
            // Every length from 1 to 19 digits, every power the table holds.
            let digits = 1 + n % 19
            var w: UInt64 = 0
            for _ in 0..<digits { w = w &* 10 &+ rng.next() % 10 }
            let q = Int.random(in: NumberParser.EiselLemire.range, using: &rng)
            let negative = rng.next() & 1 == 1
            if !Self.agrees(w, q, negative: negative).agrees { failures.append("\(negative ? "-" : "")\(w)e\(q)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func answersALogsNumbers() {
        // A log's tilts and headings: 17 significant digits, 10⁻³ … 10³. What the table cannot
        // settle are values a double holds exactly (a 17-digit integer divisible by 5, read as
        // tenths) and near-ties: about 0.5 % of random decimals of 16–19 digits and any power,
        // none of a million of these (a bound, so the fast path stays the common one).
        var rng = SplitMix64(seed: 32)
        var unanswered = 0
        let count = 100_000
        for _ in 0..<count {
            var w: UInt64 = 0
            for _ in 0..<17 { w = w &* 10 &+ rng.next() % 10 }
            let q = Int.random(in: -20 ... -14, using: &rng)
            let (agrees, answered) = Self.agrees(w, q)
            #expect(agrees, "\(w)e\(q)")
            if !answered { unanswered += 1 }
        }
        #expect(unanswered < count / 1000, "\(unanswered) of \(count) unanswered")
    }

    @Test func logNumbersOfRandomDoubles() {
        // A log writes doubles in their shortest round-trip form; 17 significant digits always
        // round-trip too. Each as a significand and a power, as the parser splits it.
        var rng = SplitMix64(seed: 31)
        var failures: [String] = []
        for _ in 0..<100_000 {
            let values = [Double.random(in: -1...1, using: &rng), Double.random(in: 0..<360, using: &rng),
                          Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF)]
            for v in values {
                for text in ["\(v)", String(format: "%.17e", v), String(format: "%.16e", v)] {
                    guard let (w, q, negative) = Self.split(text) else { continue }
                    if !Self.agrees(w, q, negative: negative).agrees { failures.append(text) }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test("ties, edges and the table's ends", arguments: [
        "9007199254740993", "9007199254740995", "9007199254740993e0", "18014398509481989",
        "4503599627370497e-1", "1e27", "1e-27", "9999999999999999999e27", "9999999999999999999e-27",
        "1e0", "17976931348623157e-27", "22250738585072014e-27", "123456789012345678e-27",
        "5e-1", "25e-2", "1844674407370955161e0", "1844674407370955161e1", "7450580596923828125e0",
    ])
    func edgeCases(_ text: String) {
        let (w, q, negative) = Self.split(text)!
        #expect(Self.agrees(w, q, negative: negative).agrees, "\(text)")
    }

    /// `text` (digits, a point, an exponent) as a significand of at most 19 digits and a power
    /// of ten in the table's range, or nil.
    static func split(_ text: String) -> (UInt64, Int, Bool)? {
        var s = Substring(text), negative = false
        if s.first == "-" { negative = true; s = s.dropFirst() }
        var exponent = 0
        if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let x = Int(s[s.index(after: e)...]) else { return nil }
            exponent = x
            s = s[..<e]
        }
        var digits = Substring(s.filter { $0 != "." })
        if let point = s.firstIndex(of: ".") { exponent -= s.distance(from: point, to: s.endIndex) - 1 }
        while digits.first == "0" { digits = digits.dropFirst() }
        guard digits.count <= 19, let w = UInt64(digits.isEmpty ? "0" : digits),
              NumberParser.EiselLemire.range.contains(exponent) else { return nil }
        return (w, exponent, negative)
    }
}
