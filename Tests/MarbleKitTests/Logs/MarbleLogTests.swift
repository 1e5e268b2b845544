import Foundation
import Testing
@testable import MarbleKit

/// marble-log v1: reading, writing, every error path, and the number parser.
@Suite("marble-log")
struct MarbleLogTests {
    // MARK: - Helpers

    static let path = "logs/test.csv"

    static func parse(_ text: String) throws(LogIssue) -> MarbleLog.ReadResult {
        try MarbleLog.parse(Data(text.utf8), path: path)
    }

    /// The issue thrown for `text`, or nil when it parses.
    static func issue(_ text: String) -> LogIssue? {
        do throws(LogIssue) {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    static func bits(_ s: Sample) -> [UInt64] {
        [s.t.bitPattern, s.tilt.x.bitPattern, s.tilt.y.bitPattern, s.heading.bitPattern]
    }

    /// Random finite doubles of every kind: any bit pattern, tiny, huge, ±0, integers, 0.1…
    fileprivate static func randomDouble(_ rng: inout SplitMix64) -> Double {
        switch rng.next() % 8 {
        case 0:
            var d: Double
            repeat { d = Double(bitPattern: rng.next()) } while !d.isFinite
            return d
        case 1: return [0.0, -0.0, 0.1, -0.1, 1, -1, 0.5, 1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude,
                        -.greatestFiniteMagnitude, .leastNormalMagnitude, 1e16, 123456789012345680, 0.3][Int(rng.next() % 16)]
        case 2: return Double(Int64(bitPattern: rng.next()) >> Int(rng.next() % 60))       // integers
        case 3: return Double.random(in: -1...1, using: &rng)
        case 4: return Double.random(in: -1...1, using: &rng) * .leastNormalMagnitude        // subnormals
        case 5: return Double.random(in: -1e300...1e300, using: &rng)
        case 6: return (Double(Int(rng.next() % 2_000_001)) - 1e6) / 1000                  // short decimals
        default: return Double(sign: rng.next() % 2 == 0 ? .plus : .minus,
                               exponent: Int(rng.next() % 2000) - 1000, significand: 1 + Double.random(in: 0..<1, using: &rng))
        }
    }

    // MARK: - Round trip

    @Test("text() then parse gives the same log bit for bit, with \\n and with \\r\\n line ends")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 2024)
        for trial in 0..<20 {
            var times = (0..<200).map { _ in Self.randomDouble(&rng) }
            times.sort()
            times.insert(times[times.count / 2], at: times.count / 2)       // an equal time
            let samples = times.map { t in
                Sample(t: t, tilt: Vec2(Self.randomDouble(&rng), Self.randomDouble(&rng)),
                       heading: Self.randomDouble(&rng), penDown: rng.next() % 3 != 0)
            }
            let log = MarbleLog(metadata: [.init("device", "phone #\(trial)"), .init("mode", "real"), .init("note", "a: b, c")],
                                samples: samples)
            let text = log.text()
            for variant in [text, text.replacingOccurrences(of: "\n", with: "\r\n")] {
                let back = try Self.parse(variant)
                #expect(back.dropped.isEmpty)
                #expect(back.log.metadata == log.metadata)
                #expect(back.log.marbles[0].count == samples.count)
                for (a, b) in zip(back.log.marbles[0], samples) {
                    // Bit patterns: −0 must stay −0, and 0.1 must stay exactly 0.1.
                    #expect(Self.bits(a) == Self.bits(b), "\(a) vs \(b)")
                    #expect(a.penDown == b.penDown)
                }
            }
        }
        #expect(MarbleLog(samples: [Sample(t: 0, tilt: .zero)]).text().hasPrefix("# marble-log 1\n"))
    }

    // MARK: - Format

    @Test("Metadata lines, comments, optional columns and their defaults")
    func metadataAndDefaults() throws {
        let r = try Self.parse("""
            # marble-log 1
            # device: Pixel 8
            # url: http://example.org/a:b
            # just a comment
            #empty:
            t,tilt_x,tilt_y
            0,0.5,-0.25
            0.5,0.1,0.2

            # a comment among the rows
            1,0,0
            """)
        #expect(r.log.metadata == [.init("device", "Pixel 8"), .init("url", "http://example.org/a:b"), .init("empty", "")])
        #expect(r.log.metadataValue("device") == "Pixel 8")
        #expect(r.log.marbles[0].count == 3)
        for s in r.log.marbles[0] {
            #expect(s.heading.bitPattern == (0.0).bitPattern)     // absent heading → 0
            #expect(s.penDown)                                     // absent pen → 1 (down)
        }
        #expect(r.log.marbles[0][0].tilt == Vec2(0.5, -0.25))        // exactly representable values
        #expect(r.log.marbles[0][1].t == 0.5)
    }

    @Test("Columns in any order; unknown columns ignored; equal times allowed")
    func columnsAnyOrder() throws {
        let r = try Self.parse("""
            # marble-log 1
            pen,battery,tilt_y,t,heading,tilt_x,label
            0,97%,0.25,1.5,270,-0.75,first
            1,,0.5,1.5,90,0.125,second
            1,n/a,-1,2,0,1,third
            """)
        #expect(r.log.marbles[0].count == 3)
        let s = r.log.marbles[0]
        #expect(s[0] == Sample(t: 1.5, tilt: Vec2(-0.75, 0.25), heading: 270, penDown: false))
        #expect(s[1] == Sample(t: 1.5, tilt: Vec2(0.125, 0.5), heading: 90, penDown: true))
        #expect(s[2] == Sample(t: 2, tilt: Vec2(1, -1), heading: 0, penDown: true))
    }

    @Test("NaN and infinite rows are dropped and reported with their lines")
    func nonFiniteRows() throws {
        let r = try Self.parse("""
            # marble-log 1
            t,tilt_x,tilt_y,heading
            0,0.1,0.1,0
            0.1,nan,0.1,0
            0.2,0.1,inf,0
            0.3,0.1,0.1,-inf
            inf,0.1,0.1,0
            0.4,0.2,0.2,10
            """)
        #expect(r.log.marbles[0].map(\.t) == [0, 0.4])
        #expect(r.dropped.map(\.line) == [4, 5, 6, 7])
        #expect(r.sampleLines == [3, 8])
        #expect(r.dropped.allSatisfy { $0.path == Self.path })
        #expect(r.dropped[0].description.hasPrefix("\(Self.path):4: "))
    }

    // MARK: - Errors: PATH:LINE: reason

    struct BadLog: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var line: Int
        var testDescription: String { name }
    }

    static let badLogs: [BadLog] = [
        .init(name: "wrong magic", text: "# marble-log 2\nt,tilt_x,tilt_y\n0,0,0\n", line: 1),
        .init(name: "magic with trailing space", text: "# marble-log 1 \nt,tilt_x,tilt_y\n", line: 1),
        .init(name: "magic without the space", text: "#marble-log 1\nt,tilt_x,tilt_y\n", line: 1),
        .init(name: "header first", text: "t,tilt_x,tilt_y\n0,0,0\n", line: 1),
        .init(name: "missing t", text: "# marble-log 1\n# a: b\nx,tilt_x,tilt_y\n0,0,0\n", line: 3),
        .init(name: "missing tilt_x", text: "# marble-log 1\n\nt,tilt_y,heading\n", line: 3),
        .init(name: "missing tilt_y", text: "# marble-log 1\nt,tilt_x,heading,pen\n0,0,0,1\n", line: 2),
        .init(name: "bad number", text: "# marble-log 1\nt,tilt_x,tilt_y\n0,0,0\n0.1,abc,0\n", line: 4),
        .init(name: "bad number: two points", text: "# marble-log 1\nt,tilt_x,tilt_y\n0,0,0\n0.1,0.2,0\n1.2.3,0,0\n", line: 5),
        .init(name: "bad number: empty t", text: "# marble-log 1\nt,tilt_x,tilt_y\n,0,0\n", line: 3),
        .init(name: "too few fields", text: "# marble-log 1\nt,tilt_x,tilt_y,pen\n0,0,0,1\n0.1,0,0\n", line: 4),
        .init(name: "too many fields", text: "# marble-log 1\nt,tilt_x,tilt_y\n0,0,0\n0.1,0,0,7\n", line: 4),
        .init(name: "time goes backwards", text: "# marble-log 1\nt,tilt_x,tilt_y\n0,0,0\n1,0,0\n1,0,0\n0.5,0,0\n", line: 6),
        .init(name: "pen 2", text: "# marble-log 1\nt,tilt_x,tilt_y,pen\n0,0,0,1\n0.1,0,0,2\n", line: 4),
        .init(name: "pen 0.5", text: "# marble-log 1\nt,tilt_x,tilt_y,pen\n0,0,0,0.5\n", line: 3),
        .init(name: "empty file", text: "", line: 1),
        .init(name: "no header", text: "# marble-log 1\n# device: x\n", line: 2),
        .init(name: "only the magic line", text: "# marble-log 1", line: 1),
        .init(name: "CRLF, bad number", text: "# marble-log 1\r\n# a: b\r\nt,tilt_x,tilt_y\r\n0,0,0\r\n1,x,0\r\n", line: 5),
    ]

    @Test("Every error gives PATH:LINE: reason with the right line", arguments: badLogs)
    func errors(_ bad: BadLog) {
        let issue = Self.issue(bad.text)
        #expect(issue != nil, "\(bad.name) parsed without an error")
        guard let issue else { return }
        #expect(issue.path == Self.path)
        #expect(issue.line == bad.line, "\(bad.name): \(issue)")
        #expect(!issue.reason.isEmpty)
        #expect(issue.description == "\(Self.path):\(bad.line): \(issue.reason)")
    }

    @Test("Error reasons say what is wrong")
    func errorReasons() {
        func reason(_ text: String) -> String { Self.issue(text)?.reason.lowercased() ?? "" }
        #expect(reason("# marble-log 2\n").contains("marble-log 1"))
        #expect(reason("# marble-log 1\nt,tilt_x\n").contains("tilt_y"))
        #expect(reason("# marble-log 1\nt,tilt_x,tilt_y\n0,zz,0\n").contains("tilt_x"))
        #expect(reason("# marble-log 1\nt,tilt_x,tilt_y\n1,0,0\n0,0,0\n").contains("backwards"))
        #expect(reason("# marble-log 1\nt,tilt_x,tilt_y,pen\n0,0,0,2\n").contains("pen"))
        #expect(reason("").contains("empty"))
        #expect(reason("# marble-log 1\n").contains("header"))
    }

    // MARK: - Numbers

    static func parseNumber(_ s: String) -> Double? {
        Array(s.utf8).withUnsafeBufferPointer { NumberParser.parse($0) }
    }

    static func agree(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?): return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
        default: return false
        }
    }

    /// A random decimal string: sign, leading zeros, digits, point, decimals, exponent.
    fileprivate static func randomDecimal(_ rng: inout SplitMix64) -> String {
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(rng.next() % 10)) }) }
        var s = ["", "", "-", "+"][Int(rng.next() % 4)]
        if rng.next() % 4 == 0 { s += String(repeating: "0", count: Int(rng.next() % 5)) }
        let long = rng.next() % 4 == 0
        s += digits(Int(rng.next() % (long ? 30 : 8)))
        if rng.next() % 3 != 0 { s += "." + digits(Int(rng.next() % (long ? 30 : 12))) }
        if rng.next() % 4 == 0 {
            s += (rng.next() % 2 == 0 ? "e" : "E") + ["", "+", "-"][Int(rng.next() % 3)] + digits(1 + Int(rng.next() % 3))
        }
        return s
    }

    @Test("NumberParser.parse agrees bit for bit with Double(String) on random decimal strings")
    func numberParserRandom() {
        var rng = SplitMix64(seed: 77)
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            let s = Self.randomDecimal(&rng)
            if !Self.agree(Self.parseNumber(s), Double(s)) { mismatches.append(s) }
        }
        // Shortest round-trip forms of random doubles, as the writer produces them.
        for _ in 0..<50_000 {
            let d = Self.randomDouble(&rng)
            for s in ["\(d)", "\(-d)"] where !Self.agree(Self.parseNumber(s), Double(s)) { mismatches.append(s) }
        }
        let distinct = Set(mismatches).sorted()
        #expect(distinct.isEmpty, "\(mismatches.count) mismatching strings, e.g. \(distinct.prefix(10))")
    }

    @Test("NumberParser.parse agrees with Double(String) on edge cases", arguments: [
        "0", "-0", "+0", "00", "-00.000", "0.1", "-0.1", "+0.1", "5.", ".5", "+.5", "-.5", "5.e3", ".", "+.", "-.",
        "+", "-", "", "e5", ".e5", "1e", "1e+", "1e-0", "1E5", "123456789012345", "1234567890123456",
        "999999999999999.9", "9007199254740993", "0.30000000000000004", "0.0000000000000000000001",
        "0.00000000000000000000001", "1e-400", "1e400", "4.9e-324", "2.2250738585072011e-308",
        "1.7976931348623157e308", "1.7976931348623159e308", "nan", "inf", "-inf", "1.2.3", "1-2", "--1", "+-1", "0x10",
    ])
    func numberParserEdges(_ s: String) {
        let mine = Self.parseNumber(s), reference = Double(s)
        #expect(Self.agree(mine, reference), "'\(s)': NumberParser gives \(String(describing: mine)), Double(String) \(String(describing: reference))")
    }
}
