import Foundation
import MarbleApp
import MarbleKit
import MarbleSDL
import MarbleVoice

/// The window's frame while the voice speaks, against the same frames without it, in the same
/// run (issue 46: p99 at most 1.1×).
///
/// One real `App` on a new drawing in a hidden window (`BenchWindow`: dummy video, software
/// renderer, 1280×800), an arrow key held so the ball keeps painting, its sound played on a
/// device (SDL's dummy audio driver, which drains in real time) and the voice (espeak-ng on
/// its own thread, as `marble play` wires it) on that device's speech ring. Frames started on a
/// 60 Hz grid take turns in blocks of 100 timed frames (after 10 untimed): in one turn the voice
/// is hushed, in the other it speaks all along (a long sentence queued whenever it falls quiet).
/// What the voice costs a frame is the other thread's CPU and the device's mixing: the frame
/// itself only hands `Speech` over.
enum VoiceFrameBench {
    static let sentence = "Tilt the board gently and the marble rolls, drawing a line behind it; "
        + "turn to change the colour, lift the pen to jump, and make a picture of your own."

    static func run(frames: Int, warmup: Int, into report: inout Report) throws {
        let root = BenchWindow.scratch("voice")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let platform = try BenchWindow.open("voice")
        let audio = try SDLAudio.open().get()
        let speaker = Speaker(sink: SpeechSink(write: { audio.speech.write($0) }, clear: { audio.speech.clear() }),
                              log: { FileHandle.standardError.write(Data("voice: \($0)\n".utf8)) })
        defer { speaker.stop() }
        var environment = Environment.system
        environment.playSound = { audio.play($0) }
        let store = try DrawingStateStore(root: root, environment: environment)
        let app = App(store: store, exportFolder: root + "/exports")
        app.startNew(mode: StoreBench.configuration.mode, difficulty: StoreBench.configuration.difficulty)
        print("voice: the app drawing in a hidden \(FrameBench.width)×\(FrameBench.height) window (SDL dummy driver, "
            + "\(platform.rendererName) renderer, sound on the dummy audio device), an arrow key held; \(frames) frames "
            + "with the voice speaking all along (espeak-ng) and \(frames) without, started at 60 Hz, taking turns in blocks of 100")
        var pacer = FramePacer()
        var k = 0, held: Key?
        var timings: [[Double]] = [[], []], spoken = 0, blocks = 0
        func frame(voice: Bool) -> Double {
            if voice && speaker.isQuiet {
                speaker.say(Speech(sentence, language: "en", interrupts: false))
                spoken += 1
            }
            let t = Timing.seconds {
                FrameBench.turnKey(frame: k, app, held: &held)
                FrameLoop.frame(app, on: platform)
            }
            k += 1
            pacer.wait()
            return t
        }
        for _ in 0..<warmup { _ = frame(voice: true) }
        // Subject 0 is without the voice, 1 with it.
        FrameTurns.run(2, frames: frames, onBlock: { i in
            blocks += 1
            if i == 0 { speaker.hush() }
        }) { i, timed in
            let t = frame(voice: i == 1)
            if timed { timings[i].append(t) }
        }
        speaker.hush()
        if let held { app.handle(.keyUp(held)) }
        app.quit()
        let silent = FrameStats(timings[0]), voiced = FrameStats(timings[1])
        print("Frame without the voice: \(silent.text(timings[0].count))")
        print("Frame with the voice speaking: \(voiced.text(timings[1].count)); ratio \(String(format: "%.2f", voiced.p99 / silent.p99)) p99 "
            + "(goal ≤ 1.1), \(String(format: "%.2f", voiced.median / silent.median)) median; \(spoken) sentences begun"
            + (speaker.isSilent ? " (the voice is SILENT: espeak-ng's data is missing)" : ""))
        report.add("frame_ms_p99_no_voice", silent.p99 * 1000, digits: 3)
        report.add("frame_ms_p99_voice", voiced.p99 * 1000, digits: 3)
        report.add("frame_ms_ratio_voice_vs_none", voiced.p99 / silent.p99, digits: 2)
        report.add("frame_ms_median_voice", voiced.median * 1000, digits: 3)
    }
}
