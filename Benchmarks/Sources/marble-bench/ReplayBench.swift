import Foundation
import MarbleKit

/// Replaying a marble log to a final canvas: `MarbleLog.read(contentsOf:)`, then every sample
/// fed to a `DrawingSession` (default configuration: 1280×800, real physics, normal difficulty).
///
/// The log text is generated and written to a temporary file once, before any run.
struct ReplayBench {
    let path: String
    let duration: Double
    let sampleCount: Int

    init(seconds: Int, rate: Int, seed: UInt64) throws {
        let log = SyntheticLog.make(seconds: seconds, rate: rate, seed: seed)
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("marble-bench-\(getpid()).csv").path
        try log.text().write(toFile: path, atomically: false, encoding: .utf8)
        duration = Double(seconds)
        sampleCount = log.samples.count
    }

    /// Removes the temporary log.
    func cleanUp() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// One timed replay (the session's creation is not timed); the note splits reading from feeding.
    func run() throws -> Run {
        var result: MarbleLog.ReadResult?
        let readSeconds = try Timing.seconds { result = try MarbleLog.read(contentsOf: path) }
        let session = DrawingSession(configuration: SessionConfiguration())
        let samples = result!.log.samples
        let feedSeconds = try Timing.seconds {
            for sample in samples { try session.feed(sample) }
        }
        var checksum = session.canvas.withPixelBytes { Checksum.of($0) }
        checksum ^= UInt64(session.segmentCount) &* 0x9E37_79B9_7F4A_7C15
        let note = "read \(Report.ms(readSeconds)) + feed \(Report.ms(feedSeconds)); "
            + "\(session.strokes.count) strokes, \(session.segmentCount) segments"
        return Run(seconds: readSeconds + feedSeconds, checksum: checksum, note: note)
    }
}
