import Foundation
import Testing
@testable import MarbleKit

/// marble-log v1 with up to four marbles: marble k's columns carry the suffix k, are read and
/// written back byte for byte, and bad headers or rows are refused at their line.
@Suite("Logs: up to four marbles")
struct FourMarbleLogTests {
    static let head = "# marble-log 1\n"

    static func parse(_ text: String) throws(LogIssue) -> MarbleLog.ReadResult {
        try MarbleLog.parse(Data(text.utf8), path: "four.csv")
    }

    static func issue(_ text: String) -> LogIssue? {
        do throws(LogIssue) {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("Three and four marbles read, one sample a marble a row, and are written back byte for byte")
    func roundTrip() throws {
        let four = Self.head + "t,tilt_x,tilt_y,heading,pen,width,erase"
            + ",tilt_x2,tilt_y2,heading2,pen2,width2,erase2,tilt_x3,tilt_y3,heading3,pen3,width3,erase3"
            + ",tilt_x4,tilt_y4,heading4,pen4,width4,erase4\n"
            + "0.0,0.1,0.2,10.0,1,,0,0.3,0.4,20.0,1,,0,0.5,0.6,30.0,0,25.0,0,0.7,0.8,40.0,1,,1\n"
            + "0.5,-0.1,0.0,11.0,1,,0,0.0,-0.4,21.0,1,,0,0.5,0.6,31.0,1,25.0,0,0.7,0.8,41.0,1,,1\n"
        let read = try Self.parse(four)
        #expect(read.log.marbles.count == 4)
        #expect(read.log.marbles.allSatisfy { $0.count == 2 })
        #expect(read.log.marbles[2][0] == Sample(t: 0, tilt: Vec2(0.5, 0.6), heading: 30, penDown: false, width: 25))
        #expect(read.log.marbles[3][1] == Sample(t: 0.5, tilt: Vec2(0.7, 0.8), heading: 41, penDown: true, erase: true))
        #expect(read.log.text() == four)

        let three = Self.head + "t,tilt_x,tilt_y,heading,pen,tilt_x2,tilt_y2,heading2,pen2,tilt_x3,tilt_y3,heading3,pen3\n"
            + "0.0,0.1,0.2,10.0,1,0.3,0.4,20.0,1,0.5,0.6,30.0,1\n"
        let read3 = try Self.parse(three)
        #expect(read3.log.marbles.count == 3)
        #expect(read3.log.text() == three)
        #expect(read3.log.row(0).map(\.heading) == [10, 20, 30])
    }

    /// (The header is line 2: line 1 is the magic line.)
    @Test("Bad headers and rows of several marbles are refused at their line", arguments: [
        ("t,tilt_x,tilt_y,tilt_x5,tilt_y5\n0,0,0,0,0\n", 2, "at most 4 marbles"),
        ("t,tilt_x,tilt_y,tilt_x2,tilt_y2,tilt_x4,tilt_y4\n0,0,0,0,0,0,0\n", 2, "none for marble 3"),
        ("t,tilt_x,tilt_y,tilt_x2,tilt_y2,tilt_x3\n0,0,0,0,0,0\n", 2, "marble 3 needs both tilt_x3 and tilt_y3"),
        ("t,tilt_x,tilt_y,tilt_x2,tilt_y2,tilt_x3,tilt_y3\n0,0,0,0,0,0,0\n1,0,0,0,0, ,0\n", 4, "tilt_x3 is empty"),
        ("t,tilt_x,tilt_y,tilt_x2,tilt_y2,tilt_x3,tilt_y3\n0,0,0,0,0,0,0\n1,0,0,0,0\n", 4, "every marble on every row"),
        ("t,tilt_x,tilt_y,tilt_x2,tilt_y2,tilt_x3,tilt_y3,pen3\n0,0,0,0,0,0,0,2\n", 3, "pen3"),
    ])
    func refused(_ body: String, _ line: Int, _ words: String) {
        let issue = Self.issue(Self.head + body)
        #expect(issue?.line == line, "\(String(describing: issue))")
        #expect(issue?.reason.contains(words) == true, "\(String(describing: issue))")
        #expect(issue?.path == "four.csv")
    }

    @Test("A NaN in any marble's column drops the whole row")
    func nanDropsTheRow() throws {
        let read = try Self.parse(Self.head + "t,tilt_x,tilt_y,tilt_x2,tilt_y2,tilt_x3,tilt_y3\n0,0,0,0,0,0,0\n1,0,0,0,0,nan,0\n2,0,0,0,0,0,0\n")
        #expect(read.log.marbles.map(\.count) == [2, 2, 2])
        #expect(read.dropped.count == 1 && read.dropped[0].line == 4 && read.dropped[0].reason.contains("tilt_x3"))
    }
}
