import Foundation
import Testing
@testable import MarbleKit

/// A log's lines found eight bytes at a time, and its fields read in the pass that finds their
/// commas, give what a byte at a time and a field read whole give.
@Suite("Logs: lines and fields in one pass")
struct LogTextScanTests {
    @Test func newlinesAsFoundByteByByte() {
        var rng = SplitMix64(seed: 41)
        for _ in 0..<2_000 {
            let count = Int(rng.next() % 40)
            // Line feeds now and then, and bytes one off a line feed (0x09, 0x0B, 0x8A).
            let bytes = (0..<count).map { _ -> UInt8 in
                switch rng.next() % 8 {
                case 0: 0x0A
                case 1: [0x09, 0x0B, 0x8A, 0x00, 0xFF][Int(rng.next() % 5)]
                default: UInt8(truncatingIfNeeded: rng.next())
                }
            }
            bytes.withUnsafeBufferPointer { b in
                for start in 0...count {
                    let expected = (start..<count).first { b[$0] == 0x0A } ?? count
                    #expect(LogTextReader.newline(in: b, from: start) == expected, "\(bytes) from \(start)")
                }
            }
        }
    }

    /// Field texts a reader must take or refuse as `NumberParser.parse` does.
    static let fields = ["0.4175846243315498", "-0.22877628837331793", "160.40847300557786", " 0.5", "0.5 ", "\t1", "",
                         " ", "1e5", "1e5x", "1e", "-", ".", "nan", "inf", "-inf", "0x10", "1_0", "+.5", "5.",
                         "0.00000000000000000000012345678901234567", "123456789012345678901234", "1.2.3", "1,5"]

    @Test func fieldsReadAsParsedWhole() throws {
        var rng = SplitMix64(seed: 43)
        for _ in 0..<400 {
            let x = Self.fields[Int(rng.next() % UInt64(Self.fields.count))]
            let y = Self.fields[Int(rng.next() % UInt64(Self.fields.count))]
            let text = "# marble-log 1\nt,tilt_x,tilt_y,unused\n0,\(x),\(y),z\n"
            let parsed = [x, y].map { Array($0.utf8).withUnsafeBufferPointer { NumberParser.parse($0) } }
            let read = Result { () throws(LogIssue) in try MarbleLog.parse(Data(text.utf8), path: "f") }
            if x.contains(",") || y.contains(",") {
                // A comma makes another field: the row has too many.
                guard case .failure = read else { Issue.record("\(x) | \(y): read"); continue }
                continue
            }
            switch read {
            case .success(let r):
                let sample = r.log.marbles[0].first
                // A NaN or infinite tilt drops the row; otherwise both values are the parser's.
                if let px = parsed[0], let py = parsed[1], px.isFinite, py.isFinite {
                    #expect(sample?.tilt.x.bitPattern == px.bitPattern && sample?.tilt.y.bitPattern == py.bitPattern, "\(x) | \(y)")
                } else {
                    #expect(parsed[0] != nil && parsed[1] != nil && sample == nil && r.dropped.count == 1, "\(x) | \(y)")
                }
            case .failure:
                #expect(parsed[0] == nil || parsed[1] == nil, "\(x) | \(y): refused")
            }
        }
    }
}
