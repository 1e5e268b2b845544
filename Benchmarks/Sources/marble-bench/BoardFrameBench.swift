import Foundation
import MarbleKit

/// The frame of a drawing over a photo against one on the empty board, in the same run
/// (issue 33: at most 1.05×).
///
/// The same measurement as `MarblesFrameBench` (one marble, fake physics, full tilt, saved as
/// the window saves, the canvas and the ball presented in a hidden 1280×800 window; blocks of
/// 100 frames taking turns), one drawing over a board of a photo-like picture (smooth colour
/// with fine detail everywhere, so no part of it is flat), the other on the empty board.
enum BoardFrameBench {
    /// A 1280×800 board of a picture with detail everywhere.
    static func photoBoard() -> Board {
        let w = FrameBench.width, h = FrameBench.height
        var rgba = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let at = (y * w + x) * 4, fine = (x * 7 + y * 13) % 23
                rgba[at] = UInt8(truncatingIfNeeded: x * 200 / w + fine)
                rgba[at + 1] = UInt8(truncatingIfNeeded: y * 200 / h + fine)
                rgba[at + 2] = UInt8(truncatingIfNeeded: (x + y) / 12 + fine)
            }
        }
        return Board(width: w, height: h, kind: .photo, pixels: rgba)!
    }

    static func run(frames: Int, warmup: Int, seed: UInt64, into report: inout Report) throws {
        let bench = try MarblesFrameBench()
        defer { bench.cleanUp() }
        print("board: a new drawing of one marble on the empty board and one over a 1280×800 photo, in a hidden "
            + "\(FrameBench.width)×\(FrameBench.height) window (SDL dummy driver, \(bench.platform.rendererName) renderer); "
            + "\(frames) frames after \(warmup), started at 60 Hz, taking turns in blocks of 100")
        let empty = try bench.newDrawing(marbles: 1, seed: seed)
        let photo = try bench.newDrawing(marbles: 1, seed: seed, board: photoBoard())
        try bench.measure([empty, photo], frames: frames, warmup: warmup)
        let a = FrameStats(empty.frames), b = FrameStats(photo.frames)
        print("Session frame, empty board: \(a.text(empty.frames.count))")
        print("Session frame, over a photo: \(b.text(photo.frames.count))")
        print("  ratio \(String(format: "%.2f", b.p99 / a.p99)) p99 (goal ≤ 1.05), \(String(format: "%.2f", b.median / a.median)) median")
        report.add("frame_ms_p99_session_empty_board", a.p99 * 1000, digits: 3)
        report.add("frame_ms_p99_session_photo_board", b.p99 * 1000, digits: 3)
        report.add("frame_ms_ratio_photo_vs_empty_board", b.p99 / a.p99, digits: 2)
    }
}
