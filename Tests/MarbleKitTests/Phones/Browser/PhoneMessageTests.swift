import MarbleKit
import Testing

/// The phone page's messages: read exactly, refused with the line named, never a trap.
@Suite struct PhoneMessageTests {
    func decode(_ text: String) throws(PhoneMessage.Problem) -> [PhoneMessage] { try PhoneMessage.decode(Array(text.utf8)) }

    @Test func aHelloAndReadings() throws {
        let token = PairingToken.random().text
        let m = try decode("hello,\(token)\nr,1250.5,0.000,0.000,-9.810,1.5,-2.25,0,87.5,1\r\nr,1266.9,-4.905,0,-8.496,0,0,0,,6\n")
        #expect(m.count == 3)
        #expect(m[0] == .hello(token: token))
        #expect(m[1] == .reading(PhoneReading(time: 1250.5, gravity: (0, 0, -9.81), rotation: (1.5, -2.25, 0), heading: 87.5, buttons: .penUp)))
        #expect(m[2] == .reading(PhoneReading(time: 1266.9, gravity: (-4.905, 0, -8.496), rotation: (0, 0, 0), heading: nil, buttons: [.eraser, .undo])))
    }

    @Test(arguments: [
        ("r,1,0,0,-9.8,0,0,0,0", "10 fields"),
        ("r,-1,0,0,-9.8,0,0,0,0,0", "negative"),
        ("r,1,nan,0,-9.8,0,0,0,0,0", "not a number"),
        ("r,1,1e999,0,-9.8,0,0,0,0,0", "not a number"),
        ("r,1,250,0,-9.8,0,0,0,0,0", "gravity"),
        ("r,1,0,0,-9.8,0,0,0,361,0", "heading"),
        ("r,1,0,0,-9.8,0,0,0,0,8", "buttons"),
        ("hello,short", "token"),
        ("hello,\(String(repeating: "a", count: 22)),x", "token"),
        ("bye", "unknown"),
    ])
    func refusedWithTheLine(_ text: String, _ words: String) {
        do {
            _ = try decode("r,0,0,0,-9.8,0,0,0,0,0\n" + text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == 2)
            #expect(error.why.contains(words), "\(error)")
        }
    }

    @Test func oversizedOrTooManyLines() {
        #expect(throws: PhoneMessage.Problem.self) { try PhoneMessage.decode([UInt8](repeating: 65, count: PhoneMessage.maxBytes + 1)) }
        let many = String(repeating: "r,0,0,0,-9.8,0,0,0,0,0\n", count: PhoneMessage.maxLines + 1)
        #expect(throws: PhoneMessage.Problem.self) { try decode(many) }
    }

    @Test func tokensAre128RandomBitsOnce() {
        var seen: Set<String> = []
        for _ in 0..<2000 {
            let t = PairingToken.random()
            #expect(t.text.utf8.count == 22 && PairingToken.isWellFormed(t.text.utf8))
            seen.insert(t.text)
        }
        #expect(seen.count == 2000)
        let t = PairingToken.random()
        #expect(t.matches(t.text))
        #expect(!t.matches(String(t.text.dropLast()) + (t.text.hasSuffix("A") ? "B" : "A")))
        #expect(!t.matches(t.text + "A"))
        #expect(!t.matches(""))
    }
}
