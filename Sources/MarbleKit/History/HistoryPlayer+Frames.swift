/// A time-lapse's frames: the drawing at evenly spaced moments of its time, then finished.
extension HistoryPlayer {
    /// The drawing times of `count` frames spread evenly over the drawing: the first at its
    /// first sample (a blank canvas but for a dot), each next one `span / count` later.
    public func frameTimes(count: Int) -> [Double] {
        let n = max(count, 0)
        return (0..<n).map { history.startTime + history.span * Double($0) / Double(n) }
    }

    /// Plays from a blank canvas to each of `count` even times (`frameTimes`), calling `body`
    /// with the frame's index and the canvas there, then once more with the finished picture:
    /// `count + 1` calls in all, the last at index `count`.
    public func playFrames(count: Int, _ body: (_ index: Int, _ canvas: Canvas) throws -> Void) rethrows {
        restart()
        for (k, t) in frameTimes(count: count).enumerated() {
            play(until: t)
            try body(k, canvas)
        }
        playToEnd()
        try body(max(count, 0), canvas)
    }
}
