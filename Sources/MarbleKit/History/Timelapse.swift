/// A time-lapse of a drawing: how many frames, how long each, how wide.
///
/// `frameCount` frames at even moments of the drawing's time (the first at its start), each
/// shown `1/fps` s, then one more: the finished picture, shown as long. The whole animation
/// lasts `seconds + 1/fps`.
public struct Timelapse: Equatable, Sendable {
    public var seconds: Double
    public var fps: Double
    /// The frames' width in px (height in proportion); nil: the canvas's own width.
    public var width: Int?

    public init(seconds: Double, fps: Double, width: Int? = nil) {
        self.seconds = seconds
        self.fps = fps
        self.width = width
    }

    /// The frames at even moments (the finished picture comes after them): `seconds · fps`, rounded.
    public var frameCount: Int { max(1, Int((seconds * fps).rounded())) }

    /// How long frame `k` is shown, in whole ms; the rounding is carried from frame to frame so
    /// that frames `0..<n` last `n · 1000 / fps` ms, rounded, in all.
    public func milliseconds(ofFrame k: Int) -> Int {
        let ms = 1000 / fps
        return Int((Double(k + 1) * ms).rounded()) - Int((Double(k) * ms).rounded())
    }
}

/// One frame of a time-lapse, ready to encode.
public struct TimelapseFrame: Sendable {
    /// 0 for the first; `frameCount` for the finished picture, the last.
    public var index: Int
    public var width: Int
    public var height: Int
    /// RGBA8, rows top to bottom, no padding.
    public var rgba: [UInt8]
    public var milliseconds: Int
}

extension HistoryPlayer {
    /// Plays the history from a blank canvas and hands `body` the time-lapse's frames in order,
    /// scaled to its width: `timelapse.frameCount + 1` of them, each with every marble's ball
    /// where it was then, the last the finished picture alone (the exported picture's pixels).
    public func frames(of timelapse: Timelapse, _ body: (TimelapseFrame) throws -> Void) rethrows {
        let width = timelapse.width ?? history.configuration.canvasWidth
        try playFrames(count: timelapse.frameCount) { k, canvas in
            let (w, h, rgba) = canvas.scaledPixels(width: width)
            var frame = TimelapseFrame(index: k, width: w, height: h, rgba: rgba, milliseconds: timelapse.milliseconds(ofFrame: k))
            if k < timelapse.frameCount {
                frame.drawBalls(session.marbles, radius: history.configuration.parameters.ballRadius,
                                scale: Double(w) / Double(max(canvas.width, 1)))
            }
            try body(frame)
        }
    }
}
