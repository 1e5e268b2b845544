import Foundation
import Testing
@testable import MarbleKit

/// The lock-free ring between the frame loop and the audio thread.
@Suite("Audio ring")
struct AudioRingTests {
    /// Frames numbered from `from`: left = n, right = −n (wrapped to 16 bits).
    static func frames(_ from: Int, _ count: Int) -> [Int16] {
        (0..<count).flatMap { [Int16(truncatingIfNeeded: from + $0), Int16(truncatingIfNeeded: -(from + $0))] }
    }

    static func write(_ ring: AudioRing, _ samples: [Int16]) { samples.withUnsafeBufferPointer { ring.write($0) } }

    static func read(_ ring: AudioRing, _ count: Int) -> (samples: [Int16], got: Int) {
        var out = [Int16](repeating: 7, count: 2 * count)
        let got = out.withUnsafeMutableBufferPointer { ring.read(into: $0) }
        return (out, got)
    }

    @Test("Silence until the cushion is there, then the newest `prefill` frames in order")
    func prefill() {
        let ring = AudioRing(capacity: 4096, prefill: 512, maxLatency: 2048)
        Self.write(ring, Self.frames(0, 300))
        let early = Self.read(ring, 256)
        #expect(early.got == 0 && early.samples.allSatisfy { $0 == 0 })
        Self.write(ring, Self.frames(300, 300))
        let first = Self.read(ring, 256)
        #expect(first.got == 256 && first.samples == Self.frames(88, 256), "it starts with exactly the cushion")
        #expect(Self.read(ring, 256).samples == Self.frames(344, 256))
    }

    @Test("Running dry plays what there is, then silence until the cushion is back")
    func underrun() {
        let ring = AudioRing(capacity: 4096, prefill: 512, maxLatency: 2048)
        Self.write(ring, Self.frames(0, 512))
        #expect(Self.read(ring, 400).samples == Self.frames(0, 400))
        let dry = Self.read(ring, 256)
        #expect(dry.got == 112)
        #expect(Array(dry.samples[..<224]) == Self.frames(400, 112) && dry.samples[224...].allSatisfy { $0 == 0 })
        Self.write(ring, Self.frames(512, 400))
        #expect(Self.read(ring, 256).got == 0, "400 frames are not yet the cushion")
        Self.write(ring, Self.frames(912, 200))
        #expect(Self.read(ring, 256).samples == Self.frames(600, 256))
    }

    @Test("A reader far behind skips to the newest maxLatency frames; a full ring drops what does not fit")
    func latencyAndOverflow() {
        let ring = AudioRing(capacity: 4096, prefill: 0, maxLatency: 1000)
        Self.write(ring, Self.frames(0, 3000))
        #expect(Self.read(ring, 100).samples == Self.frames(2000, 100))
        Self.write(ring, Self.frames(3000, 10_000))
        #expect(ring.available == 4096, "only the free slots were written")
        // Written: 3000…6195 (4096 − 900 free slots); the reader is 4096 behind, so it skips to 5196.
        #expect(Self.read(ring, 10).samples == Self.frames(5196, 10))
    }

    @Test("60 Hz bursts of 800 frames against 256-frame reads every 5.33 ms: no gap once playing, under 30 ms behind on average")
    func steadyBursts() {
        let ring = AudioRing(capacity: 8192, prefill: 1200, maxLatency: 2400)
        var next = 0, expected = 0, gaps = 0, started = false, behind = 0, reads = 0
        var tWrite = 0.0, tRead = 0.0
        for _ in 0..<20_000 {
            if tWrite <= tRead {
                Self.write(ring, Self.frames(next, 800))
                next += 800
                tWrite += 1.0 / 60
            } else {
                let r = Self.read(ring, 256)
                if r.got > 0 {
                    if !started { expected = Int(r.samples[0]) }
                    started = true
                    behind += next - expected
                    reads += 1
                    #expect(r.samples[0] == Int16(truncatingIfNeeded: expected))
                    expected += r.got
                }
                if started && r.got < 256 { gaps += 1 }
                tRead += 256.0 / 48_000
            }
        }
        #expect(started && gaps == 0)
        #expect(next - expected < 2400, "the sound trails by less than maxLatency")
        #expect(Double(behind) / Double(max(reads, 1)) < 0.030 * 48_000 - 128, "on average, with half the device's buffer, under 30 ms")
    }

    @Test("A writer and a reader on two threads: every frame read is whole and in order")
    func twoThreads() {
        let ring = AudioRing(capacity: 1024, prefill: 64, maxLatency: 1024)
        let total = 20_000
        let group = DispatchGroup()
        let box = ResultBox()
        DispatchQueue.global().async(group: group) {
            var n = 0
            let deadline = Date().addingTimeInterval(5)
            while n < total && Date() < deadline {
                // Room for the chunk first: a writer that runs ahead only loses frames.
                while ring.available > 900 && Date() < deadline { usleep(50) }
                let chunk = Self.frames(n, 100)
                chunk.withUnsafeBufferPointer { ring.write($0) }
                n += 100
            }
        }
        DispatchQueue.global().async(group: group) {
            var last = -1, ok = true, count = 0
            var out = [Int16](repeating: 0, count: 128)
            let deadline = Date().addingTimeInterval(2)
            while count < total / 2 && Date() < deadline {
                let got = out.withUnsafeMutableBufferPointer { ring.read(into: $0) }
                for f in 0..<got {
                    let l = Int(out[2 * f]), r = Int(out[2 * f + 1])
                    if Int16(truncatingIfNeeded: -l) != Int16(truncatingIfNeeded: r) { ok = false }
                    let n = Int(UInt16(bitPattern: out[2 * f]))
                    // Forward only: frames may be dropped or skipped, never repeated or reordered.
                    if last >= 0 {
                        let step = (n - last) & 0xFFFF
                        if step == 0 || step >= 0x8000 { ok = false }
                    }
                    count += 1
                    last = n
                }
                if got == 0 { usleep(50) }
            }
            box.set(ok: ok, read: count)
        }
        group.wait()
        #expect(box.ok, "each frame whole (left = −right) and in order")
        // How many get through depends on the two threads' timing (a dry reader restarts
        // trimmed to its cushion); that frames cross whole and in order does not.
        #expect(box.read > 0, "\(box.read) frames read")
    }

    /// The reader's findings, handed back to the test after both threads are joined.
    final class ResultBox: @unchecked Sendable {
        private(set) var ok = false
        private(set) var read = 0
        // Set once by the reader before `group.wait()` returns: the group's wait orders it.
        func set(ok: Bool, read: Int) {
            self.ok = ok
            self.read = read
        }
    }
}
