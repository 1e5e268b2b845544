import MarbleKit
import Testing
@testable import MarbleApp

/// The window's sound, headless: the drawing is heard, M silences it, the mute is kept.
@Suite("App sound")
struct AppSoundTests {
    /// An app whose sound is recorded, with settings kept in memory across "launches".
    final class Rig {
        let temp: TempStore
        let ears = RecordedSound()
        let h: AppHarness

        init(kept: Settings = Settings()) throws {
            temp = try TempStore(settings: KeptSettings(kept), ears: ears)
            h = try AppHarness(temp: temp)
        }

        var loudest: Int16 { ears.samples.map { $0 == .min ? .max : abs($0) }.max() ?? 0 }
    }

    @Test("Drawing is heard: 200 stereo frames a physics step, louder than silence; at rest, silence")
    func drawingIsHeard() throws {
        let rig = try Rig()
        rig.h.startDrawing()
        rig.h.frames(30)
        #expect(rig.loudest == 0, "a ball at rest is silent")
        rig.ears.clear()
        rig.h.hold(.right, frames: 60)
        let session = try #require(rig.h.session)
        #expect(rig.ears.samples.count % (2 * Synthesizer.framesPerStep) == 0)
        #expect(rig.ears.samples.count >= 2 * 200 * 230, "about a second of steps: \(rig.ears.samples.count)")
        #expect(rig.loudest > 1000, "rolling with the pen down plays the colour's note")
        #expect(session.segmentCount > 0)
    }

    @Test("What the window plays equals replay --wav's render of the same steps")
    func liveEqualsOffline() throws {
        let rig = try Rig()
        rig.h.startDrawing()
        rig.h.hold(.right, frames: 40)
        rig.h.hold(.e, frames: 20)
        rig.h.hold(.down, frames: 40)
        let live = rig.ears.samples
        // The same samples, played again into a fresh session with a recorder on its steps.
        let id = try #require(rig.h.app.drawing?.id)
        rig.h.tap(.enter)                       // Done: saved
        let log = try rig.temp.store.inputLog(of: id)
        let offline = SoundRecorder(scale: .newton)
        let session = DrawingSession(configuration: try #require(rig.h.app.drawing).session.configuration)
        session.stepListener = offline.listen
        for s in log.marbles[0] { try session.feed([s]) }
        #expect(offline.samples == live, "\(offline.samples.count) vs \(live.count) samples")
    }

    @Test("M silences everywhere and is kept; a relaunch starts muted")
    func muteKept() throws {
        let kept = KeptSettings()
        let ears = RecordedSound()
        let temp = try TempStore(settings: kept, ears: ears)
        do {
            let h = try AppHarness(temp: temp)
            h.tap(.m)                          // on Home
            #expect(h.app.preferences.muted)
            #expect(kept.value.sound == false)
            h.startDrawing()
            h.hold(.right, frames: 60)
            #expect(ears.samples.isEmpty, "muted: nothing played")
            h.tap(.m)
            #expect(!h.app.preferences.muted && kept.value.sound)
            h.hold(.left, frames: 30)
            #expect(!ears.samples.isEmpty)
            h.tap(.m)
            h.frame(.quitRequested)
        }
        let again = try AppHarness(temp: temp)
        #expect(again.app.preferences.muted, "the mute survives a relaunch")
    }

    @Test("The pad's West button mutes too")
    func padMute() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Pad", accelerometer: false, gyro: false))
        h.padTap(.west)
        #expect(h.app.preferences.muted)
        h.padTap(.west)
        #expect(!h.app.preferences.muted)
    }
}
