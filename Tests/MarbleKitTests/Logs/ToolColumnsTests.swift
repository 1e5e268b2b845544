import Foundation
import Testing
@testable import MarbleKit

/// marble-log v1's optional `width` and `erase` columns, and the journal's tool layout.
@Suite("Tool columns")
struct ToolColumnsTests {
    static func parse(_ text: String) throws(LogIssue) -> MarbleLog.ReadResult {
        try MarbleLog.parse(Data(text.utf8), path: "tools.csv")
    }

    @Test("width and erase are read, an empty width is the difficulty's own, and they write back")
    func readAndWrite() throws {
        let read = try Self.parse("# marble-log 1\nt,tilt_x,tilt_y,heading,pen,width,erase\n0,0.5,0,90,1,,0\n0.5,0.5,0,90,1,30,1\n1,0,0,0,0,2.5,0\n")
        #expect(read.log.marbles[0].map(\.width) == [nil, 30, 2.5])
        #expect(read.log.marbles[0].map(\.erase) == [false, true, false])
        let again = try Self.parse(read.log.text())
        #expect(again.log.marbles[0] == read.log.marbles[0])
        #expect(read.log.text().contains(MarbleLog.toolHeaderRow))
    }

    @Test("a log without tools writes exactly as before")
    func unchanged() throws {
        let log = MarbleLog(samples: [Sample(t: 0, tilt: Vec2(0.25, 0)), Sample(t: 1, tilt: Vec2(0, 0.5), heading: 45, penDown: false)])
        #expect(log.text() == "# marble-log 1\nt,tilt_x,tilt_y,heading,pen\n0.0,0.25,0.0,0.0,1\n1.0,0.0,0.5,45.0,0\n")
    }

    @Test("out-of-range values are errors naming the file and line",
          arguments: [("0.5", "width"), ("65", "width"), ("nan", "width"), ("x", "width")])
    func badWidth(value: String, column: String) throws {
        #expect {
            try Self.parse("# marble-log 1\nt,tilt_x,tilt_y,width\n0,0,0,10\n1,0,0,\(value)\n")
        } throws: { error in
            guard let e = error as? LogIssue else { return false }
            return e.line == 4 && e.description.hasPrefix("tools.csv:4: \(column)")
        }
    }

    @Test("erase must be 0 or 1")
    func badErase() throws {
        #expect(throws: LogIssue.self) { try Self.parse("# marble-log 1\nt,tilt_x,tilt_y,erase\n0,0,0,2\n") }
    }

    @Test("journal samples keep their tools; samples without keep version 1's 33 bytes")
    func journalLayout() throws {
        let plain = [Sample(t: 0, tilt: Vec2(0.1, 0)), Sample(t: 1, tilt: Vec2(0.2, 0))]
        let tools = [Sample(t: 0, tilt: Vec2(0.1, 0), width: 12), Sample(t: 1, tilt: Vec2(0.2, 0), erase: true)]
        let summary = Journal.Summary(wall: 1, duration: 1, segments: 0, step: 240,
                                      marbles: [.init(tiltDegrees: 1, turnDegrees: 2, activeSeconds: 3)])
        for samples in [plain, tools] {
            let begin = Journal.Begin(created: 0, title: "t", configuration: SessionConfiguration(), trace: .star)
            let bytes = Journal.header() + Journal.frame(.begin(begin)) + Journal.frame(.samples(samples, summary))
            let frames = try Journal.scan(bytes, path: "j").frames
            try #require(frames.count == 2)
            #expect(frames[0].kind == .begin2 && frames[1].kind == .samples6)
            #expect(try Journal.decode(bytes, frames[0]).summary == nil)
            guard case .begin(let b) = try Journal.decode(bytes, frames[0]) else { Issue.record("not a setup"); return }
            #expect(b == begin)
            guard case .samples(let back, let s) = try Journal.decode(bytes, frames[1]) else { Issue.record("not samples"); return }
            #expect(back == samples)
            #expect(s == summary)
        }
        let small = Journal.frame(.samples(plain, summary)).count, big = Journal.frame(.samples(tools, summary)).count
        #expect(big - small == 2 * Sample.toolSize)
    }
}
