import Testing

/// `marble play --marbles N`: a count out of 1…4 is named with the range; 3 and 4 say the
/// window seats two players for now, instead of silently drawing one marble.
@Suite("marble play --marbles")
struct PlayMarblesTests {
    @Test("Out of range, and 3 or 4 in the window, are refused with exit 64 before any window opens",
          arguments: [("0", "from 1 to 4"), ("5", "from 1 to 4"), ("3", "seats 1 or 2 players"), ("4", "seats 1 or 2 players")])
    func refused(_ count: String, _ words: String) throws {
        let out = try MarbleProcess.run(["play", "--new", "--marbles", count])
        #expect(out.status == 64, "\(out.stderr)")
        #expect(out.stderr.contains(words), "\(out.stderr)")
    }
}
