/// Stars from coverage and precision.
extension TraceScore {
    /// The least (coverage, precision) for 3, 2 and 1 stars: both must be reached.
    ///
    /// Three stars need the shape nearly all traced (90%) with most paint on it (80%); two, most
    /// of it (70%) fairly neatly (60%); one, a good part of it (40%) with at least 40% of the
    /// paint on it. Anything less, or paint far from the guide, is no star.
    public static let thresholds: [(stars: Int, coverage: Double, precision: Double)] = [
        (3, 0.9, 0.8),
        (2, 0.7, 0.6),
        (1, 0.4, 0.4),
    ]

    /// The stars earned for `coverage` and `precision` (each 0 to 1).
    public static func stars(coverage: Double, precision: Double) -> Int {
        thresholds.first { coverage >= $0.coverage && precision >= $0.precision }?.stars ?? 0
    }
}
