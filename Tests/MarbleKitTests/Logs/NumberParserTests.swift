import Foundation
import Testing
@testable import MarbleKit

/// The fast number parser agrees with `Double(String)` bit for bit, above all on the
/// 16–19-digit numbers of the extended-precision path and its halfway cases.
@Suite("Number parser")
struct NumberParserTests {
    static func parse(_ s: String) -> Double? {
        Array(s.utf8).withUnsafeBufferPointer { NumberParser.parse($0) }
    }

    static func agree(_ s: String) -> Bool {
        let expected = Double(s)
        let got = parse(s)
        return expected?.bitPattern == got?.bitPattern
    }

    @Test func shortestFormsOfRandomDoubles() {
        var rng = SplitMix64(seed: 17)
        var failures: [String] = []
        for _ in 0..<50_000 {
            let d = Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF)   // finite, positive
            let scaled = [d, d.truncatingRemainder(dividingBy: 1), Double.random(in: -1...1, using: &rng), Double.random(in: -400...400, using: &rng)]
            for v in scaled where !Self.agree("\(v)") { failures.append("\(v)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func randomLongDecimals() {
        var rng = SplitMix64(seed: 19)
        var failures: [String] = []
        for _ in 0..<50_000 {
            let digits = Int.random(in: 16...19, using: &rng)
            var s = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            let point = Int.random(in: 0...digits, using: &rng)
            s.insert(".", at: s.index(s.startIndex, offsetBy: point))
            if Bool.random(using: &rng) { s += "e\(Int.random(in: -12...12, using: &rng))" }
            if Bool.random(using: &rng) { s = "-" + s }
            if !Self.agree(s) { failures.append(s) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func seventeenDigitFormsOfRandomDoubles() {
        // Logs written by other tools give 17 significant digits (%.17g round-trips every double).
        var rng = SplitMix64(seed: 23)
        var failures: [String] = []
        for _ in 0..<50_000 {
            let values = [Double.random(in: -1...1, using: &rng), Double.random(in: 0..<360, using: &rng),
                          Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF), Double.random(in: -1e-5...1e-5, using: &rng)]
            for v in values {
                for s in [String(format: "%.17g", v), String(format: "%.16e", v), String(format: "%.20f", v)] where !Self.agree(s) {
                    failures.append(s)
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test("eight digits at a time, and what stops them", arguments: [
        "0.12345678", "0.123456789", "0.1234567890123456", "0.12345678901234567", "0.123456789012345678",
        "0.1234567890123456789", "0.12345678901234567890", "0.1234567a9", "0.12345678.9", "0.1234567 8",
        "0.123456789/", "0.12345678:", "1.00000000e5", "-0.00000000000000000001234567890123456789",
        "0.0000000000000000000000000012345678901234567", "12345678.12345678", "99999999.99999999999",
    ])
    func eightDigits(_ s: String) {
        #expect(Self.agree(s), "\(s): \(String(describing: Double(s))) vs \(String(describing: Self.parse(s)))")
    }

    @Test("halfway cases round to even", arguments: [
        "9007199254740993", "9007199254740995", "9007199254740993.0", "900719925474099.3e1",
        "18014398509481989", "0.30000000000000001665", "4503599627370496.5", "4503599627370497.5",
        "1e23", "8.98846567431158e307", "2.2250738585072014e-308", "5e-324", "1e-27", "1e27",
        "0.1", "-0.0", "00000.000012345678901234567", "123456789012345678", "1234567890123456789",
        "12345678901234567890", ".5", "5.", "1e", "1e+", "--1", "+.e1", "nan", "inf", "-inf", "0x10", "1_0",
    ])
    func edgeCases(_ s: String) {
        #expect(Self.agree(s), "\(s): \(String(describing: Double(s))) vs \(String(describing: Self.parse(s)))")
    }
}
