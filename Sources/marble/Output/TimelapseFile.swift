import Foundation
import MarbleKit
import MarbleWebP

/// A drawing's history as an animated WebP: `marble timelapse`'s file, and the End screen's.
///
/// The history plays from a blank canvas on this thread; the frames encode on `threads` more
/// (0: on this one too).
/// - Parameter progress: called with the number of frames made so far.
/// - Returns: the file's bytes, and why the history stopped early (a damaged record), if it did.
func timelapseWebP(_ history: DrawingHistory, _ plan: Timelapse, quality: Float? = nil,
                   threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                   progress: (Int) throws -> Void = { _ in }) throws -> (bytes: [UInt8], failure: String?) {
    let player = HistoryPlayer(history)
    var writer: WebPAnimationWriter?
    try player.frames(of: plan) { frame in
        if writer == nil { writer = try WebPAnimationWriter(width: frame.width, height: frame.height, quality: quality, threads: threads) }
        try writer!.add(rgba: frame.rgba, milliseconds: frame.milliseconds)
        try progress(frame.index + 1)
    }
    return (try writer!.finish(), player.failure)
}

