import CSDL2
import MarbleApp
import Foundation
import MarbleKit

/// The sound device: 48 kHz, 16-bit signed, stereo, fed from a lock-free ring.
///
/// The frame loop writes each physics step's frames into the ring (`play`); SDL's audio
/// thread takes them in its callback, 256 frames (5.3 ms) at a time. Neither waits for the
/// other. The frame loop comes in bursts (800 frames a display frame at 60 Hz), so the ring
/// starts playing with a cushion of 1200 frames (a burst, a read and some jitter) and the sound
/// trails the drawing by about 17 ms on average plus the device's 5 ms (`AudioRingTests`
/// simulates it); more than 2400 frames (50 ms) never wait.
///
/// The voice has a ring of its own (`speech`), added into both channels after the drawing's
/// frames are read: speech is heard beside the drawing's sound, never part of it, and plays
/// while the drawing's sound is muted.
public final class SDLAudio: Sendable {
    /// The two rings the device's callback reads, handed to it as one.
    final class Rings: Sendable {
        let drawing: AudioRing
        let speech: SpeechRing

        init(drawing: AudioRing, speech: SpeechRing) {
            self.drawing = drawing
            self.speech = speech
        }
    }

    let device: SDL_AudioDeviceID
    let rings: Rings
    var ring: AudioRing { rings.drawing }
    /// What the voice writes (mono, 48 kHz): mixed in on the way out.
    public var speech: SpeechRing { rings.speech }
    /// The driver SDL chose ("pulseaudio", "alsa", "disk", …).
    public let driver: String
    /// What the device plays: rate, channels, bits (SDL converts to the hardware's own).
    public let format: (rate: Int, channels: Int, bits: Int)

    /// Opens the default device (or the one named: for SDL's `disk` driver, the file it
    /// writes), or says why there is none (the toy then runs silent).
    public static func open(device name: String? = nil) -> Result<SDLAudio, PlatformError> {
        quietenALSAWithoutSoundCards()
        if SDL_WasInit(MARBLE_INIT_AUDIO) == 0 && SDL_InitSubSystem(MARBLE_INIT_AUDIO) != 0 {
            return .failure(.sdl(String(cString: SDL_GetError())))
        }
        let rings = Rings(drawing: AudioRing(capacity: 8192, prefill: 1200, maxLatency: 2400), speech: SpeechRing())
        var want = SDL_AudioSpec()
        want.freq = Int32(Synthesizer.sampleRate)
        want.format = MARBLE_AUDIO_S16SYS
        want.channels = 2
        want.samples = 256
        want.callback = { userdata, stream, length in
            guard let userdata, let stream else { return }
            let rings = Unmanaged<Rings>.fromOpaque(userdata).takeUnretainedValue()
            let samples = UnsafeMutableRawPointer(stream).bindMemory(to: Int16.self, capacity: Int(length) / 2)
            let out = UnsafeMutableBufferPointer(start: samples, count: Int(length) / 2)
            rings.drawing.read(into: out)
            rings.speech.mix(into: out)
        }
        // The rings live as long as the device: released in `deinit` after the device closes.
        want.userdata = Unmanaged.passRetained(rings).toOpaque()
        var have = SDL_AudioSpec()
        // No changes allowed: SDL converts to the device for us, so the callback sees exactly `want`.
        let device = SDL_OpenAudioDevice(name, 0, &want, &have, 0)
        guard device != 0 else {
            Unmanaged<Rings>.fromOpaque(want.userdata).release()
            let why = String(cString: SDL_GetError())
            SDL_QuitSubSystem(MARBLE_INIT_AUDIO)
            return .failure(.sdl(why))
        }
        let driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "?"
        let audio = SDLAudio(device: device, rings: rings, driver: driver,
                             format: (Int(have.freq), Int(have.channels), Int(have.format & 0xFF)))
        SDL_PauseAudioDevice(device, 0)
        return .success(audio)
    }

    /// With no sound card (`/dev/snd` missing) and no driver asked for, only the sound servers
    /// (PipeWire, PulseAudio: a remote or virtual sink) are tried: ALSA's library, and the
    /// others that fall back on it, print a page of errors of their own before failing, where
    /// the toy has one line to say.
    static func quietenALSAWithoutSoundCards() {
        guard SDL_GetHint(SDL_HINT_AUDIODRIVER) == nil, !FileManager.default.fileExists(atPath: "/dev/snd") else { return }
        let names = (0..<SDL_GetNumAudioDrivers()).compactMap { SDL_GetAudioDriver($0).map { String(cString: $0) } }
        let others = names.filter { $0 == "pipewire" || $0 == "pulseaudio" }
        // SDL reads a comma-separated list and opens the first driver that works.
        SDL_SetHint(SDL_HINT_AUDIODRIVER, others.isEmpty ? "none" : others.joined(separator: ","))
    }

    init(device: SDL_AudioDeviceID, rings: Rings, driver: String, format: (rate: Int, channels: Int, bits: Int)) {
        self.device = device
        self.rings = rings
        self.driver = driver
        self.format = format
    }

    deinit {
        SDL_CloseAudioDevice(device)
        // The callback has stopped: the device's reference to the rings goes.
        Unmanaged.passUnretained(rings).release()
    }

    public func play(_ samples: UnsafeBufferPointer<Int16>) { ring.write(samples) }
}
