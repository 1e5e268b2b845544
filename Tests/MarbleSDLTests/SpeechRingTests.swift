import Testing
@testable import MarbleSDL

/// The voice's ring: added into both channels of what the device plays, saturating; full, it
/// takes only what fits (the voice waits); cleared, what waited is never played.
@Suite("Speech ring")
struct SpeechRingTests {
    @Test("Mixed into both channels over the drawing's frames, held at Int16's ends")
    func mixes() {
        let ring = SpeechRing(capacity: 8)
        #expect([100, -200, 30_000].withUnsafeBufferPointer { ring.write($0) } == 3)
        var out: [Int16] = [1, 2, 3, 4, 10_000, -32_000, 7, 7]
        let n = out.withUnsafeMutableBufferPointer { ring.mix(into: $0) }
        #expect(n == 3)
        #expect(out == [101, 102, -197, -196, 32_767, -2_000, 7, 7], "the fourth frame is left as it was")
        #expect(ring.available == 0)
    }

    @Test("Full, it takes what fits and no more; cleared, nothing of it plays")
    func fullAndCleared() {
        let ring = SpeechRing(capacity: 8)
        let many = [Int16](repeating: 500, count: 20)
        #expect(many.withUnsafeBufferPointer { ring.write($0) } == 8)
        #expect(many.withUnsafeBufferPointer { ring.write($0) } == 0, "nothing is overwritten before it plays")
        var out = [Int16](repeating: 0, count: 4)
        #expect(out.withUnsafeMutableBufferPointer { ring.mix(into: $0) } == 2)
        ring.clear()
        #expect(ring.available == 0)
        out = [Int16](repeating: 0, count: 16)
        #expect(out.withUnsafeMutableBufferPointer { ring.mix(into: $0) } == 0)
        #expect(out.allSatisfy { $0 == 0 })
        #expect([9, 9].withUnsafeBufferPointer { ring.write($0) } == 2)
        #expect(out.withUnsafeMutableBufferPointer { ring.mix(into: $0) } == 2)
        #expect(out.prefix(4) == [9, 9, 9, 9])
    }
}
