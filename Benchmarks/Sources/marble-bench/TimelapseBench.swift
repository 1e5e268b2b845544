import Foundation
import MarbleKit
import MarbleWebP

/// `marble timelapse`'s work on a ~1M-segment drawing: its journal read, its history played
/// from a blank canvas, 301 frames shrunk to 640 px wide and encoded as a lossless WebP.
///
/// The drawing is made as the store benchmark makes its own (the same walk, 60 Hz, saved every
/// 30 s of drawing) in a temporary store under /tmp, removed afterwards.
final class TimelapseBench {
    static let plan = Timelapse(seconds: 10, fps: 30, width: 640)

    let root: String
    let store: DrawingStateStore
    let id: String
    let segments: Int

    init(segments target: Int, penLiftEvery: Double, seed: UInt64) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("marble-bench-timelapse-\(getpid())").path
        try? FileManager.default.removeItem(atPath: root)
        store = try DrawingStateStore(root: root, environment: .system)
        var walk = TiltWalk(seed: seed, penLiftEvery: penLiftEvery)
        let drawing = try store.create(configuration: StoreBench.configuration, title: "marble-bench time-lapse")
        drawing.policy.autosaveInterval = 30
        drawing.policy.snapshotEvery = .max
        var k = 0
        while true {
            try drawing.feed([walk.next()])
            try drawing.saveIfDue()
            k += 1
            if k % 60 == 0, drawing.session.segmentCount >= target { break }
        }
        segments = drawing.session.segmentCount
        try drawing.close()
        id = drawing.id
    }

    /// Removes the temporary store.
    func cleanUp() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// One export, timed from reading the journal to the WebP's bytes; the checksum is the file's.
    func run() throws -> Run {
        var bytes: [UInt8] = []
        var frames = 0
        let seconds = try Timing.seconds {
            let player = HistoryPlayer(try store.history(of: id))
            var writer: WebPAnimationWriter?
            try player.frames(of: Self.plan) { frame in
                if writer == nil { writer = try WebPAnimationWriter(width: frame.width, height: frame.height) }
                try writer!.add(rgba: frame.rgba, milliseconds: frame.milliseconds)
                frames += 1
            }
            bytes = try writer!.finish()
        }
        return Run(seconds: seconds, checksum: bytes.withUnsafeBytes { Checksum.of($0) },
                   note: "\(frames) frames, \(bytes.count) bytes")
    }
}
