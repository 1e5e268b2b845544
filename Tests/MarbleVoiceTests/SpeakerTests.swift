import Foundation
import MarbleApp
import MarbleKit
import MarbleTestSupport
import Synchronization
import Testing
@testable import MarbleVoice

/// The voice with the real espeak-ng and its installed data: what it says reaches the sink at
/// the drawing's rate, in the language asked for, cut short when interrupted, and a missing
/// data folder is one line and silence.
@Suite("Speaker", .serialized)
struct SpeakerTests {
    /// A sink that keeps everything; it can hold the speaker's thread on its first write
    /// (the test then says something while a sentence is under way).
    final class Collector: Sendable {
        let samples = Mutex<[Int16]>([])
        let clears = Mutex(0)
        let holdFirstWrite: Bool
        let firstWrite = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let writes = Mutex(0)
        let firstWriteCount = Mutex(0)

        init(holdFirstWrite: Bool = false) { self.holdFirstWrite = holdFirstWrite }

        var sink: SpeechSink {
            SpeechSink(write: { [self] chunk in
                samples.withLock { $0.append(contentsOf: chunk) }
                let n = writes.withLock { w in
                    w += 1
                    return w
                }
                if n == 1 { firstWriteCount.withLock { $0 = chunk.count } }
                if holdFirstWrite && n == 1 {
                    firstWrite.signal()
                    _ = release.wait(timeout: .now() + 10)
                }
                return chunk.count
            }, clear: { [self] in clears.withLock { $0 += 1 } })
        }

        var all: [Int16] { samples.withLock { $0 } }
    }

    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        var log: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }
        var all: [String] { lines.withLock { $0 } }
    }

    static func rms(_ s: [Int16]) -> Double {
        guard !s.isEmpty else { return 0 }
        return (s.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(s.count)).squareRoot()
    }

    /// Everything `speech` comes to, said alone by a fresh speaker.
    static func said(_ speech: Speech) -> [Int16] {
        let c = Collector()
        let lines = Lines()
        let speaker = Speaker(sink: c.sink, log: lines.log)
        speaker.say(speech)
        #expect(speaker.waitUntilQuiet(timeout: 20))
        speaker.stop()
        #expect(lines.all.isEmpty, "\(lines.all)")
        return c.all
    }

    /// Whether `a` is within `within` (a fraction) of `b`.
    static func near(_ a: Int, _ b: Int, within: Double = 0.02) -> Bool { abs(Double(a - b)) <= within * Double(b) }

    static let long = "Once upon a time a small marble rolled across a very large sheet of paper, drawing circles, "
        + "stars and hearts in every colour of the rainbow, until the paper was full and the child laughed."

    @Test("\"Hello\" is at least 0.3 s of speech at 48 kHz")
    func hello() {
        let s = Self.said(Speech("Hello", language: "en"))
        let loud = s.filter { abs(Int($0)) > 300 }.count
        #expect(s.count >= Synthesizer.sampleRate * 3 / 10, "\(s.count) samples")
        // espeak makes 22050 Hz: "Hello" is about 0.35 s, so about 16 800 samples here, not 7700.
        #expect(s.count > 12_000 && s.count < 40_000, "\(s.count) samples: resampled to 48 kHz")
        #expect(Self.rms(s) > 500, "RMS \(Self.rms(s))")
        #expect(loud > Synthesizer.sampleRate / 10, "\(loud) samples above the noise")
    }

    @Test("Spanish is spoken with the Spanish voice; an unknown language falls back to English")
    func languages() {
        let es = Self.said(Speech("Hola, ¿cómo estás?", language: "es"))
        #expect(es.count >= Synthesizer.sampleRate * 3 / 10 && Self.rms(es) > 500, "\(es.count) samples, RMS \(Self.rms(es))")
        let english = Self.said(Speech("Hello", language: "en"))
        let unknown = Self.said(Speech("Hello", language: "zz"))
        let spanish = Self.said(Speech("Hello", language: "es"))
        let region = Self.said(Speech("Hello", language: "es_ES"))
        // espeak varies a sentence by a few samples from one time to the next: a voice is known
        // by its length (English "Hello" is about 17 % longer than Spanish's).
        #expect(Self.near(unknown.count, english.count), "an unknown language is English (\(unknown.count) vs \(english.count) samples)")
        #expect(!Self.near(spanish.count, english.count, within: 0.08), "the Spanish voice says it differently (\(spanish.count) vs \(english.count))")
        #expect(Self.near(region.count, spanish.count), "es_ES is Spanish (\(region.count) vs \(spanish.count))")
    }

    @Test("An interrupting sentence cuts a long one short; a polite one waits its turn")
    func interrupting() {
        let alone = Self.said(Speech(Self.long, language: "en"))
        let stop = Self.said(Speech("Stop.", language: "en"))

        let c = Collector(holdFirstWrite: true)
        let speaker = Speaker(sink: c.sink, log: { _ in })
        speaker.say(Speech(Self.long, language: "en", interrupts: false))
        #expect(c.firstWrite.wait(timeout: .now() + 20) == .success, "the long sentence began")
        speaker.say(Speech("Stop.", language: "en", interrupts: true))
        c.release.signal()
        #expect(speaker.waitUntilQuiet(timeout: 20))
        speaker.stop()
        let cut = c.all
        #expect(cut.count < alone.count / 2, "cut short: \(cut.count) samples, \(alone.count) uninterrupted")
        let first = c.firstWriteCount.withLock { $0 }
        // After a cut espeak opens with a short pause of its own (about 25 ms).
        #expect(Self.near(cut.count - first, stop.count, within: 0.1), "then \"Stop.\" is said whole, and nothing more of the long one (\(cut.count - first) vs \(stop.count))")
        #expect(c.clears.withLock { $0 } >= 1, "what waited unplayed was cleared")

        let polite = Collector()
        let second = Speaker(sink: polite.sink, log: { _ in })
        second.say(Speech(Self.long, language: "en", interrupts: false))
        second.say(Speech("Stop.", language: "en", interrupts: false))
        #expect(second.waitUntilQuiet(timeout: 20))
        second.stop()
        #expect(Self.near(polite.all.count, alone.count + stop.count), "both, one after the other (\(polite.all.count) vs \(alone.count) + \(stop.count))")
    }

    @Test("say never waits for the voice")
    func sayReturnsAtOnce() {
        let c = Collector(holdFirstWrite: true)
        let speaker = Speaker(sink: c.sink, log: { _ in })
        speaker.say(Speech(Self.long, language: "en"))
        #expect(c.firstWrite.wait(timeout: .now() + 20) == .success)
        // The thread is held inside the sink: saying more still returns at once.
        let t0 = Date()
        for _ in 0..<100 { speaker.say(Speech(Self.long, language: "en", interrupts: false)) }
        #expect(Date().timeIntervalSince(t0) < 0.5)
        c.release.signal()
        speaker.stop()
    }

    @Test("espeak's data missing: one line, silence, no crash")
    func missingData() throws {
        let lines = Lines()
        let c = Collector()
        let speaker = Speaker(dataPath: "/nonexistent/espeak-ng-data", sink: c.sink, log: lines.log)
        #expect(speaker.waitUntilQuiet(timeout: 20))
        #expect(speaker.isSilent)
        speaker.say(Speech("Hello", language: "en"))
        speaker.say(Speech("Hello again", language: "en"))
        #expect(speaker.waitUntilQuiet(timeout: 5))
        speaker.stop()
        #expect(lines.all.count == 1, "\(lines.all)")
        #expect(lines.all.first?.contains("/nonexistent/espeak-ng-data") == true)
        #expect(c.all.isEmpty)

        // A folder that is there but holds no voices: espeak itself fails, one line too.
        let folder = try TempFolder("espeak-empty")
        let empty = folder.path
        let lines2 = Lines()
        let speaker2 = Speaker(dataPath: empty, sink: c.sink, log: lines2.log)
        speaker2.say(Speech("Hello", language: "en"))
        #expect(speaker2.waitUntilQuiet(timeout: 20))
        speaker2.stop()
        #expect(speaker2.isSilent && lines2.all.count == 1, "\(lines2.all)")
        withExtendedLifetime(folder) {}
        #expect(c.all.isEmpty)

        // espeak is free again: a speaker with the installed data speaks.
        #expect(!Self.said(Speech("Hello", language: "en")).isEmpty)
    }
}
