import Foundation
import Testing
@testable import MarbleKit

/// Two-marble logs: the second marble's columns (`tilt_x2, tilt_y2, heading2, pen2`, and
/// `width2, erase2`), read and written; a log that leaves them out of a row is refused with
/// its `PATH:LINE`; a one-marble log is written byte for byte as before.
@Suite("marble-log: two marbles")
struct TwoMarbleLogTests {
    // marble-log's own helpers: parse text as a file at `MarbleLogTests.path`.
    static let path = MarbleLogTests.path
    static func parse(_ text: String) throws(LogIssue) -> MarbleLog.ReadResult { try MarbleLogTests.parse(text) }
    static func issue(_ text: String) -> LogIssue? { MarbleLogTests.issue(text) }

    static let head = "# marble-log 1\n# title: Two\n"

    @Test("A two-marble log reads both marbles a row, with the second's defaults, and writes back to the same text")
    func roundTrip() throws {
        let text = Self.head + "t,tilt_x,tilt_y,heading,pen,tilt_x2,tilt_y2,heading2,pen2\n"
            + "0.0,0.1,0.2,10.0,1,-0.3,0.4,200.0,0\n0.5,0.25,-0.5,20.0,0,0.125,0.75,210.0,1\n"
        let read = try Self.parse(text)
        #expect(read.log.marbles[0].map(\.tilt) == [Vec2(0.1, 0.2), Vec2(0.25, -0.5)])
        let second = try #require(read.log.marbles.dropFirst().first)
        #expect(second.map(\.tilt) == [Vec2(-0.3, 0.4), Vec2(0.125, 0.75)])
        #expect(second.map(\.heading) == [200, 210])
        #expect(second.map(\.penDown) == [false, true])
        #expect(second.map(\.t) == read.log.marbles[0].map(\.t), "the second marble's samples take the row's time")
        #expect(read.log.text() == text)
        #expect(try Self.parse(read.log.text()).log == read.log)

        // Tools on either marble bring both marbles' tool columns.
        var log = read.log
        log.marbles[1][1].width = 12
        log.marbles[1][1].erase = true
        let withTools = log.text()
        #expect(withTools.contains("t,tilt_x,tilt_y,heading,pen,width,erase,tilt_x2,tilt_y2,heading2,pen2,width2,erase2\n"))
        #expect(try Self.parse(withTools).log == log)
    }

    @Test("A one-marble log has no second marble and is written as before")
    func oneMarble() throws {
        let text = Self.head + "t,tilt_x,tilt_y,heading,pen\n0.0,0.1,0.2,10.0,1\n"
        let read = try Self.parse(text)
        #expect(read.log.marbles.count == 1)
        #expect(read.log.text() == text)
    }

    @Test("Marble 2's columns missing in some rows, or ending early, are refused at their line", arguments: [
        ("t,tilt_x,tilt_y,tilt_x2,tilt_y2\n0,0,0,0.1,0.1\n1,0,0,,\n", 5, "tilt_x2 is empty"),
        ("t,tilt_x,tilt_y,tilt_x2,tilt_y2\n0,0,0,0.1,0.1\n1,0,0,0.1,0.1\n2,0,0\n", 6, "every marble on every row"),
        ("t,tilt_x,tilt_y,tilt_x2,tilt_y2,heading2\n0,0,0,0.1,0.1,90\n1,0,0,0.2,0.2, \n", 5, "heading2 is empty"),
        ("t,tilt_x,tilt_y,tilt_x2\n0,0,0,0.1\n", 3, "tilt_y2"),
        ("t,tilt_x,tilt_y,heading2\n0,0,0,0.1\n", 3, "tilt_x2 and tilt_y2"),
        ("t,tilt_x,tilt_y,tilt_x2,tilt_y2,pen2\n0,0,0,0.1,0.1,2\n", 4, "pen2"),
        ("t,tilt_x,tilt_y,tilt_x2,tilt_y2,width2\n0,0,0,0.1,0.1,99\n", 4, "width2"),
    ])
    func refused(_ body: String, line: Int, words: String) {
        let issue = Self.issue(Self.head + body)
        #expect(issue?.line == line, "\(String(describing: issue))")
        #expect(issue?.path == Self.path)
        #expect(issue?.reason.contains(words) == true, "\(String(describing: issue))")
    }

    @Test("A row where the second marble's value is NaN goes whole, so the marbles stay a row apart")
    func nanRow() throws {
        let read = try Self.parse(Self.head + "t,tilt_x,tilt_y,tilt_x2,tilt_y2\n0,0,0,0.1,0.1\n1,0,0,nan,0.1\n2,0,0,0.3,0.3\n")
        #expect(read.log.marbles[0].map(\.t) == [0, 2])
        #expect(read.log.marbles.dropFirst().first?.map(\.t) == [0, 2])
        #expect(read.dropped.map(\.line) == [5])
        #expect(read.dropped.first?.reason.contains("tilt_x2") == true)
    }

    @Test("Written with fewer second-marble samples than rows, the log is refused when read back, at the first short row")
    func unequalLengths() throws {
        var log = try Self.parse(Self.head + "t,tilt_x,tilt_y,tilt_x2,tilt_y2\n0,0,0,0.1,0.1\n1,0,0,0.2,0.2\n2,0,0,0.3,0.3\n").log
        log.marbles[1].removeLast()
        let issue = Self.issue(log.text())
        #expect(issue?.line == 6, "\(String(describing: issue))")
        #expect(issue?.reason.contains("every marble on every row") == true)
    }
}
