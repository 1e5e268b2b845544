import MarbleKit

/// MarbleKit's `Canvas` painting the random walk as one stroke.
///
/// One `beginStroke`, then one `continueStroke` per segment, each in that segment's colour,
/// with the bench's own `Canvas.Pen`.
/// The canvas is made (and its memory touched) before the clock starts.
enum RasterBench {
    /// The pen width, in px, for every rasterizer.
    static let penWidth = 8.0

    static func run(_ walk: RandomWalk) -> Run {
        let canvas = Canvas(width: walk.width, height: walk.height, background: RGBA8(255, 255, 255))
        let points = walk.points, colors = walk.colors
        var pen = Canvas.Pen()
        let seconds = Timing.seconds {
            canvas.beginStroke(at: points[0], color: colors[0], width: penWidth, pen: &pen)
            for k in 0..<colors.count {
                canvas.continueStroke(to: points[k + 1], color: colors[k], pen: &pen)
            }
            canvas.endStroke(pen: &pen)
        }
        return Run(seconds: seconds, checksum: canvas.withPixelBytes { Checksum.of($0) })
    }
}
