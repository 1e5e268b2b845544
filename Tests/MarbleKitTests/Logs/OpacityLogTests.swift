import Foundation
import Testing
@testable import MarbleKit

/// marble-log v1's `opacity` column (0 to 1, default 1): read, written only when used, refused
/// out of range with PATH:LINE.
@Suite("marble-log: opacity")
struct OpacityLogTests {
    static func parse(_ text: String) throws(LogIssue) -> MarbleLog.ReadResult {
        try MarbleLog.parse(Data(text.utf8), path: "logs/glass.csv")
    }

    @Test("Read per marble, absent as 1; written back the same, and only when some sample uses it")
    func roundTrip() throws {
        let r = try Self.parse("""
            # marble-log 1
            t,tilt_x,tilt_y,heading,pen,opacity,tilt_x2,tilt_y2,opacity2
            0,0.1,0,90,1,0.3,0,0.2,1
            0.01,0.1,0,90,1,0.6,0,0.2,0.25
            """)
        #expect(r.log.marbles[0].map(\.opacity) == [0.3, 0.6])
        #expect(r.log.marbles[1].map(\.opacity) == [1, 0.25])
        let text = r.log.text()
        #expect(text.contains(",opacity") && text.contains(",opacity2"))
        let again = try Self.parse(text)
        #expect(again.log.marbles == r.log.marbles)

        // A log without see-through paint is written as before: no opacity column.
        let plain = try Self.parse("# marble-log 1\nt,tilt_x,tilt_y\n0,0.5,0\n")
        #expect(plain.log.marbles[0][0].opacity == 1)
        #expect(!plain.log.text().contains("opacity"))
        #expect(plain.log.text() == MarbleLog(metadata: plain.log.metadata, samples: plain.log.marbles[0]).text())
    }

    @Test("An opacity outside 0…1 is refused with its file and line", arguments: ["1.5", "-0.1", "nan", "x"])
    func refused(_ value: String) {
        do throws(LogIssue) {
            _ = try Self.parse("# marble-log 1\nt,tilt_x,tilt_y,opacity\n0,0,0,1\n0.01,0,0,\(value)\n")
            Issue.record("\(value) was read")
        } catch {
            #expect(error.path == "logs/glass.csv" && error.line == 4, "\(error)")
            #expect(error.description.contains("opacity"), "\(error)")
        }
    }

    @Test("A session paints a log's see-through rows in see-through strokes; a changed opacity starts a new stroke")
    func sessionInk() throws {
        let s = DrawingSession(configuration: SessionConfiguration())
        for k in 0..<200 {
            try s.feed([Sample(t: Double(k) * 0.01, tilt: Vec2(0.5, 0), heading: 90, opacity: k < 100 ? 0.3 : 0.6)])
        }
        #expect(s.strokes.count == 2)
        #expect(s.strokes.map(\.ink.alpha) == [77, 153])
    }
}
