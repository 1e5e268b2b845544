import Foundation
import MarbleKit
import MarbleTestSupport
import Testing

/// `marble replay --wav` end to end: a real WAV file, its header, its length, its notes.
@Suite("marble replay --wav")
struct WavCommandTests {
    static func u32(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24 }
    static func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }

    @Test("RIFF/WAVE, PCM 16-bit LE, 2 channels, 48 kHz, one frame per 1/48000 s from first to last sample")
    func header() throws {
        let dir = try TempFolder("wav")
        let wav = dir.path("fe.wav"), png = dir.path("fe.png")
        let out = try MarbleProcess.run(["replay", "Replays/figure-eight.csv", "--wav", wav, "--png", png, "--json"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(FileManager.default.fileExists(atPath: png), "--wav combines with --png")
        let json = try #require(out.json)
        let b = dir.bytes("fe.wav")
        #expect(Array(b[0..<4]) == Array("RIFF".utf8) && Array(b[8..<16]) == Array("WAVEfmt ".utf8))
        #expect(Self.u32(b, 4) == b.count - 8)
        #expect(Self.u16(b, 20) == 1 && Self.u16(b, 22) == 2)
        #expect(Self.u32(b, 24) == 48_000 && Self.u32(b, 28) == 192_000)
        #expect(Self.u16(b, 32) == 4 && Self.u16(b, 34) == 16)
        #expect(Array(b[36..<40]) == Array("data".utf8))
        let frames = Self.u32(b, 40) / 4
        let seconds = try #require(json["duration_s"] as? Double)
        // Steps are whole 1/240 s: at most one step (200 frames) short of the span.
        #expect(abs(Double(frames) - seconds * 48_000) <= 200, "\(frames) frames for \(seconds) s")
        #expect(b.count == 44 + frames * 4)
        let samples = stride(from: 44, to: b.count, by: 2).map { Int16(bitPattern: UInt16(Self.u16(b, $0))) }
        #expect(samples.contains { abs(Int($0)) > 1000 }, "the drawing is heard")
    }

    @Test("The same log renders the same bytes; the scale changes them")
    func deterministic() throws {
        let dir = try TempFolder("wav")
        for (name, scale) in [("a", "newton"), ("b", "newton"), ("c", "pridmore")] {
            let out = try MarbleProcess.run(["replay", "Replays/colour-wheel.csv", "--wav", dir.path("\(name).wav"), "--scale", scale])
            #expect(out.status == 0, "\(out.stderr)")
        }
        #expect(dir.bytes("a.wav") == dir.bytes("b.wav"))
        #expect(dir.bytes("a.wav") != dir.bytes("c.wav"))
    }

    @Test("A WAV that cannot be created exits 73; an unknown scale is a usage error (64)")
    func errors() throws {
        let dir = try TempFolder("wav")
        let cannot = try MarbleProcess.run(["replay", "Replays/spiral.csv", "--wav", dir.path("no/such/folder/x.wav")])
        #expect(cannot.status == 73, "\(cannot.stderr)")
        #expect(cannot.stderr.contains("x.wav"))
        let scale = try MarbleProcess.run(["replay", "Replays/spiral.csv", "--wav", dir.path("x.wav"), "--scale", "lydian"])
        #expect(scale.status == 64)
        let window = try MarbleProcess.run(["replay", "Replays/spiral.csv", "--wav", dir.path("x.wav"), "--window"])
        #expect(window.status == 64)
    }
}
