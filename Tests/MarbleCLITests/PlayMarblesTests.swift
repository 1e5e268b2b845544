import Testing

/// `marble play --marbles N`: a count out of 1…4 is named with the range, before any window opens.
@Suite("marble play --marbles")
struct PlayMarblesTests {
    @Test("Out of range is refused with exit 64 before any window opens",
          arguments: [("0", "from 1 to 4, not 0"), ("5", "from 1 to 4, not 5")])
    func refused(_ count: String, _ words: String) throws {
        let out = try MarbleProcess.run(["play", "--new", "--marbles", count])
        #expect(out.status == 64, "\(out.stderr)")
        #expect(out.stderr.contains(words), "\(out.stderr)")
    }
}
