import CSDL2
import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// The sound device under SDL's `disk` driver, which writes what it plays to a file at the
    /// device's real rate: drawing is heard, M silences it.
    @Suite("Audio")
    struct Audio {
        /// The raw file's samples (S16 little-endian stereo), once the device is closed.
        static func samples(_ path: String) -> [Int16] {
            let data = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            return stride(from: 0, to: data.count - 1, by: 2).map { Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8) }
        }

        /// Frames, then a real pause so the device's thread takes what was played.
        static func drawFrames(_ h: SDLHarness, _ n: Int) {
            for _ in 0..<n {
                h.frame()
                usleep(4_000)
            }
        }

        @Test("Drawing is heard on the device; M silences it; the device opens as asked (48 kHz S16 stereo)")
        func diskDevice() throws {
            let folder = try TempFolder("sdl-audio")
            let file = folder.path + "/audio.raw"
            SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, "disk", SDL_HINT_OVERRIDE)
            defer { SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, "dummy", SDL_HINT_OVERRIDE) }
            var audio: SDLAudio? = try SDLAudio.open(device: file).get()
            #expect(audio?.driver == "disk")
            #expect(audio?.format.rate == 48_000 && audio?.format.channels == 2 && audio?.format.bits == 16)
            // The device is the environment's sound out, as `marble play` wires it (weakly here,
            // so that the test closes the device while the window is still open).
            let h = try SDLHarness(environment: { var e = Environment.system; e.playSound = { [weak audio] in audio?.play($0) }; return e }())
            h.frame()
            h.startDrawing()
            h.key(SDLK_RIGHT, down: true)
            Self.drawFrames(h, 60)
            h.key(SDLK_RIGHT, down: false)
            usleep(100_000)
            let heard = Self.samples(file)
            #expect(heard.contains { abs(Int($0)) > 1000 }, "the rolling ball's note reached the device (\(heard.count) samples)")

            h.tap(SDLK_m)
            #expect(h.app.preferences.muted)
            usleep(100_000)                       // what was queued drains
            let before = Self.samples(file).count
            h.key(SDLK_LEFT, down: true)
            Self.drawFrames(h, 60)
            h.key(SDLK_LEFT, down: false)
            audio = nil
            let after = Self.samples(file)
            #expect(after.count > before + 2 * 4800, "the device kept playing (silence) while muted")
            #expect(after[before...].allSatisfy { $0 == 0 }, "muted: silence")
        }

        @Test("A driver that does not exist costs only the sound")
        func noDevice() throws {
            let h = try SDLHarness()
            SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, "no-such-driver", SDL_HINT_OVERRIDE)
            defer { SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, "dummy", SDL_HINT_OVERRIDE) }
            switch SDLAudio.open() {
            case .success: Issue.record("a driver that does not exist opened")
            case .failure(let why): #expect(!why.description.isEmpty)
            }
            h.frame()
            h.startDrawing()
            h.key(SDLK_RIGHT, down: true)
            h.frames(30)
            #expect(try #require(h.session).segmentCount > 0, "the toy draws on, silent")
        }
    }
}
