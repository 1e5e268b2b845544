import Foundation
import MarbleKit

/// The synthesizer over a whole log: what `marble replay --wav` does besides the picture.
///
/// The replay benchmark's 1-hour 100 Hz log is fed once to a session with a step listener that
/// keeps every step's voice (untimed; one marble, one voice). A run then renders all of them, 200 stereo frames a step,
/// into one reused step buffer: the audio of the hour, no picture. A second measure times the
/// whole `replay --wav` path (reading, the session painting, the synthesizer, the WAV bytes)
/// but not the file's write.
struct SoundBench {
    let steps: [SoundVoice]
    let duration: Double
    let path: String

    init(replay: ReplayBench) throws {
        let read = try MarbleLog.read(contentsOf: replay.path, io: .system)
        let session = DrawingSession(configuration: SessionConfiguration())
        var steps: [SoundVoice] = []
        steps.reserveCapacity(Int(replay.duration) * SessionConfiguration.stepsPerSecond + 1000)
        session.stepListener = { steps.append(contentsOf: $0.voices) }
        for s in read.log.marbles[0] { try session.feed([s]) }
        self.steps = steps
        duration = Double(steps.count) / Double(SessionConfiguration.stepsPerSecond)
        path = replay.path
    }

    /// One timed render of every step.
    func render() -> Run {
        var synth = Synthesizer()
        let n = 2 * Synthesizer.framesPerStep
        let buffer = UnsafeMutablePointer<Int16>.allocate(capacity: n)
        defer { buffer.deallocate() }
        var checksum: UInt64 = 0xCBF2_9CE4_8422_2325
        var loud = 0
        let seconds = Timing.seconds {
            for step in steps {
                synth.render(step, into: buffer)
                // Fold a few samples of each step in: the work cannot be skipped, and a change shows.
                checksum = (checksum ^ UInt64(UInt16(bitPattern: buffer[0]))) &* 0x100_0000_01B3
                checksum = (checksum ^ UInt64(UInt16(bitPattern: buffer[n - 1]))) &* 0x100_0000_01B3
                if buffer[101] != 0 { loud += 1 }
            }
        }
        return Run(seconds: seconds, checksum: checksum, note: "\(steps.count) steps, \(loud) not silent")
    }

    /// One timed `replay --wav` without the file: read, feed with the recorder, encode.
    func replayWithSound() throws -> Run {
        var bytes: [UInt8] = []
        let seconds = try Timing.seconds {
            let read = try MarbleLog.read(contentsOf: path, io: .system)
            let session = DrawingSession(configuration: SessionConfiguration())
            let recorder = SoundRecorder(scale: .newton, expectedSeconds: duration)
            session.stepListener = recorder.listen
            for s in read.log.marbles[0] { try session.feed([s]) }
            bytes = recorder.wavBytes()
        }
        let checksum = bytes.withUnsafeBytes { Checksum.of($0) }
        return Run(seconds: seconds, checksum: checksum, note: "\(bytes.count / 1_000_000) MB of WAV")
    }
}
