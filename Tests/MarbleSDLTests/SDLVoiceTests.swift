import CSDL2
import Foundation
import MarbleKit
import MarbleTestSupport
import MarbleVoice
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// The voice through the real path: the app asks, the window hands it to espeak's thread,
    /// and the device (SDL's `disk` driver) plays it beside the drawing's sound, muted or not.
    @Suite("Voice")
    struct Voice {
        static func rms(_ s: ArraySlice<Int16>) -> Double {
            guard !s.isEmpty else { return 0 }
            return (s.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(s.count)).squareRoot()
        }

        @Test("Speech reaches the device while the drawing's sound is muted; voice off is silence")
        func speechOnDisk() throws {
            let folder = try TempFolder("sdl-voice")
            let file = folder.path + "/audio.raw"
            SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, "disk", SDL_HINT_OVERRIDE)
            defer { SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, "dummy", SDL_HINT_OVERRIDE) }
            var audio: SDLAudio? = try SDLAudio.open(device: file).get()
            let device = try #require(audio)
            let speaker = Speaker(sink: SpeechSink(write: { device.speech.write($0) }, clear: { device.speech.clear() }),
                                  log: { Issue.record("voice: \($0)") })
            defer { speaker.stop() }
            let h = try SDLHarness(environment: { var e = Environment.system; e.playSound = { [weak audio] in audio?.play($0) }; return e }(),
                                   speak: { speaker.say($0) })
            h.frame()
            h.tap(SDLK_m)
            #expect(h.app.preferences.muted && h.app.preferences.voiceOn)
            h.app.speak("Hello, let's draw!")
            h.frame()
            #expect(speaker.waitUntilQuiet(timeout: 20), "the voice said it")
            // What is in the ring plays out in real time.
            for _ in 0..<100 where device.speech.available > 0 { usleep(10_000) }
            usleep(50_000)
            let spoken = SDLTests.Audio.samples(file).count

            // Voice off: the app asks nothing, the device plays silence.
            h.app.preferences.toggleVoice()
            h.app.speak("Hello, let's draw!")
            h.frame()
            usleep(300_000)
            audio = nil
            let heard = SDLTests.Audio.samples(file)
            let frames = heard.count / 2
            let left = stride(from: 0, to: 2 * frames, by: 2).map { heard[$0] }
            let right = stride(from: 1, to: 2 * frames, by: 2).map { heard[$0] }
            let loud = left.filter { abs(Int($0)) > 300 }.count
            #expect(loud > 48_000 / 2, "at least half a second of speech reached the file (\(loud) loud frames of \(frames))")
            #expect(Self.rms(left[...]) > 300, "RMS \(Self.rms(left[...]))")
            #expect(left == right, "speech alone, mono in both channels: no drawing sound played")
            #expect(heard[spoken...].allSatisfy { $0 == 0 }, "voice off: silence")
            #expect(heard.count > spoken + 2 * 4800, "the device kept playing")
        }
    }
}
