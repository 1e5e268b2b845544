/// How well a drawing traced its shape: coverage, precision and 0 to 3 stars.
///
/// - `coverage`: the fraction of the guide's points, 1 px apart, with ink within
///   pen_width/2 + 6 px;
/// - `precision`: the fraction of the canvas's ink pixels within pen_width/2 + 12 px of the guide.
///
/// "Ink" is a pixel that differs from the canvas's background. Distances are measured between
/// pixel centres (a guide point counts at the centre of the pixel it falls in), so the score is
/// a function of whole-pixel counts: the same canvas scores the same everywhere. A canvas
/// without ink scores 0 and 0.
public struct TraceScore: Equatable, Sendable {
    public var shape: TraceShape
    public var coverage: Double
    public var precision: Double
    /// 0 to 3; see `TraceScore.stars(coverage:precision:)`.
    public var stars: Int

    public init(shape: TraceShape, coverage: Double, precision: Double) {
        self.shape = shape
        self.coverage = coverage
        self.precision = precision
        stars = Self.stars(coverage: coverage, precision: precision)
    }

    /// Beyond half the pen: how far from a guide point ink may lie and still cover it.
    public static let coverageMargin = 6.0
    /// Beyond half the pen: how far from the guide ink may lie and still count as on it.
    public static let precisionMargin = 12.0

    /// Scores `canvas` against the guide of `shape` for a pen `penWidth` px wide.
    public init(_ shape: TraceShape, canvas: Canvas, penWidth: Double) {
        self.init(TraceGuide(shape, width: canvas.width, height: canvas.height), canvas: canvas, penWidth: penWidth)
    }

    /// Scores `canvas` against `guide` for a pen `penWidth` px wide.
    ///
    /// Two exact distance transforms over the guide's box widened by the larger margin (ink
    /// further out can neither cover a guide point nor be near the guide): one from the ink,
    /// read at each guide point; one from the guide, read at each ink pixel.
    public init(_ guide: TraceGuide, canvas: Canvas, penWidth: Double) {
        let near = penWidth / 2 + Self.coverageMargin
        let onGuide = penWidth / 2 + Self.precisionMargin
        let window = ScoreWindow(guide, canvas: canvas, margin: max(near, onGuide) + 2)
        let ink = window.ink(of: canvas)
        let points = guide.points(spacing: 1)
        guard ink.total > 0, !points.isEmpty else {
            self.init(shape: guide.shape, coverage: 0, precision: 0)
            return
        }
        // Coverage: each guide point's pixel, its distance to the nearest ink.
        let fromInk = DistanceField(width: window.width, height: window.height, marked: ink.marked)
        var guideMarks = [Bool](repeating: false, count: window.width * window.height)
        var covered = 0
        for p in points {
            guard let i = window.index(of: p) else { continue }
            guideMarks[i] = true
            if Double(fromInk.squared[i]) <= near * near { covered += 1 }
        }
        // Precision: each ink pixel in the window, its distance to the nearest guide pixel.
        let fromGuide = DistanceField(width: window.width, height: window.height, marked: guideMarks)
        var close = 0
        for i in ink.marked.indices where ink.marked[i] && Double(fromGuide.squared[i]) <= onGuide * onGuide {
            close += 1
        }
        self.init(shape: guide.shape, coverage: Double(covered) / Double(points.count),
                  precision: Double(close) / Double(ink.total))
    }
}
