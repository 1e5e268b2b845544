import MarbleKit

/// Whether two floating-point numbers agree to within an absolute `tolerance`.
///
/// `|a − b| ≤ tolerance`, and never for NaN (NaN is not close to anything, not even NaN).
/// Infinities are equal only to themselves. Every call states its tolerance, in the units of
/// the quantity (px, px/s, degrees…), next to the reason for it; tests never compare computed
/// floats with bare `==` unless bit-for-bit identity is the point (and then they compare
/// `bitPattern`s or whole values on purpose, and say so).
///
/// - Parameters:
///   - a: the value measured.
///   - b: the value expected.
///   - tolerance: the largest absolute difference accepted (≥ 0).
func isApproximatelyEqual(_ a: Double, _ b: Double, tolerance: Double) -> Bool {
    precondition(tolerance >= 0, "a tolerance is never negative")
    if a.isNaN || b.isNaN { return false }
    if a.isInfinite || b.isInfinite { return a == b }
    return abs(a - b) <= tolerance
}

/// Whether two vectors are within `tolerance` of each other (Euclidean distance, absolute).
///
/// Positions compare as points: `|a − b| ≤ tolerance` in px. Fails for any NaN component.
func isApproximatelyEqual(_ a: Vec2, _ b: Vec2, tolerance: Double) -> Bool {
    precondition(tolerance >= 0, "a tolerance is never negative")
    guard a.isFinite, b.isFinite else { return false }
    return (a - b).length <= tolerance
}
