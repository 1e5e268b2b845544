import Foundation
import Testing
@testable import MarbleKit

/// A log read on another thread while its rows are used gives what `MarbleLog.read` gives:
/// the same metadata, samples, lines, dropped rows and issues, in blocks in the file's order.
@Suite("Logs: read while replayed")
struct LogRowStreamTests {
    /// A three-marble log of `rows` rows (a NaN row every 97th, dropped), `bad` text put at row `badAt`.
    static func text(rows: Int, badAt: Int? = nil, bad: String = "") -> String {
        var s = "# marble-log 1\n# physics: fake\n# source: test\nt,tilt_x,tilt_y,heading,pen,tilt_x2,tilt_y2,tilt_x3,tilt_y3,heading3\n"
        for k in 0..<rows {
            if k == badAt { s += bad + "\n"; continue }
            let t = Double(k) / 100, x = sin(Double(k) / 50) * 0.5
            s += k % 97 == 5 ? "\(t),nan,0,0,1,0,0,0,0,0\n" : "\(t),\(x),\(-x),\(k % 360),\(k % 300 < 290 ? 1 : 0),\(x / 2),0.1,-0.2,\(x),\(k % 7)\n"
        }
        return s
    }

    static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// Every block of `stream`, joined: samples a marble, lines, dropped; and the issue that stopped it.
    static func drain(_ stream: LogRowStream) -> (marbles: [[Sample]], lines: [Int], dropped: [LogIssue], issue: LogIssue?, blocks: Int) {
        var marbles = Array(repeating: [Sample](), count: stream.marbleCount), lines: [Int] = [], dropped: [LogIssue] = []
        var blocks = 0
        do throws(LogIssue) {
            while let b = try stream.next() {
                blocks += 1
                #expect(b.samples.count == b.count * b.marbleCount)
                for r in 0..<b.count { for (k, s) in b.row(r).enumerated() { marbles[k].append(s) } }
                lines += b.lines
                dropped += b.dropped
            }
        } catch {
            return (marbles, lines, dropped, error, blocks)
        }
        return (marbles, lines, dropped, nil, blocks)
    }

    @Test("A whole log in small blocks: the same rows, lines and dropped rows as read at once")
    func sameRows() throws {
        let path = try Self.write(Self.text(rows: 5_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try MarbleLog.read(contentsOf: path, io: .system)
        let stream = try LogRowStream(contentsOf: path, io: .system, linesPerBlock: 333, ahead: 2)
        #expect(stream.metadata == read.log.metadata)
        #expect(stream.marbleCount == 3)
        let got = Self.drain(stream)
        #expect(got.issue == nil)
        #expect(got.blocks >= 5_000 / 333)
        #expect(got.marbles == read.log.marbles)
        #expect(got.lines == read.sampleLines)
        #expect(got.dropped == read.dropped && !got.dropped.isEmpty)
    }

    @Test("A bad line: the rows before it, then the issue MarbleLog.read throws")
    func badLine() throws {
        for bad in ["0.1,0,0,0,1,0,0,0,0,0", "12.5,oops,0,0,1,0,0,0,0,0", "12.5,0,0"] {
            let path = try Self.write(Self.text(rows: 3_000, badAt: 1_250, bad: bad))
            defer { try? FileManager.default.removeItem(atPath: path) }
            var expected: LogIssue?
            do throws(LogIssue) { _ = try MarbleLog.read(contentsOf: path, io: .system) } catch { expected = error }
            let got = Self.drain(try LogRowStream(contentsOf: path, io: .system, linesPerBlock: 100))
            #expect(got.issue != nil && got.issue == expected, "\(bad)")
            #expect(got.issue?.line == 5 + 1_250)
            #expect(got.lines.last.map { $0 < 5 + 1_250 } ?? false, "every row before the bad line came first")
        }
    }

    @Test("A bad head, a missing file and an empty log fail at once, as MarbleLog.read fails")
    func badHead() throws {
        for text in ["", "# marble-log 1\n", "# marble-log 1\nt,x\n", "hello\n"] {
            let path = try Self.write(text)
            defer { try? FileManager.default.removeItem(atPath: path) }
            var expected: LogIssue?, got: LogIssue?
            do throws(LogIssue) { _ = try MarbleLog.read(contentsOf: path, io: .system) } catch { expected = error }
            do throws(LogIssue) { _ = try LogRowStream(contentsOf: path, io: .system) } catch { got = error }
            #expect(got != nil && got == expected, "\(text.debugDescription)")
        }
        #expect(throws: LogIssue.self) { try LogRowStream(contentsOf: "/nonexistent/log.csv", io: .system) }
        let path = try Self.write("# marble-log 1\nt,tilt_x,tilt_y\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let stream = try LogRowStream(contentsOf: path, io: .system)
        #expect(try stream.next() == nil, "a header and no rows: no blocks")
    }

    @Test("A stream let go after one block stops its reader (nothing waits for ever)")
    func letGo() throws {
        let path = try Self.write(Self.text(rows: 20_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for _ in 0..<20 {
            let stream = try LogRowStream(contentsOf: path, io: .system, linesPerBlock: 100, ahead: 1)
            #expect((try stream.next()?.count ?? 0) > 0)
        }
    }
}
