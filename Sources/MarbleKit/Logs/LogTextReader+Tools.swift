/// The checks of a row's tool values (pen, width, eraser, opacity).
extension LogTextReader {
    /// What is wrong with marble `k`'s (0-based) pen, width, eraser and opacity values; nil when nothing.
    static func toolIssue(pen: Double, width: Double?, erase: Double, opacity: Double, marble k: Int) -> String? {
        guard pen == 0 || pen == 1 else {
            return "\(Field.pen.name(marble: k + 1)): '\(pen)' must be 1 (down) or 0 (up)"
        }
        if let w = width, !(w.isFinite && Sample.widthRange.contains(w)) {
            return "\(Field.width.name(marble: k + 1)): '\(w)' must be a pen width from \(Int(Sample.widthRange.lowerBound)) to \(Int(Sample.widthRange.upperBound)) px"
        }
        guard erase == 0 || erase == 1 else {
            return "\(Field.erase.name(marble: k + 1)): '\(erase)' must be 1 (eraser) or 0 (paint)"
        }
        guard opacity.isFinite, (0...1).contains(opacity) else {
            return "\(Field.opacity.name(marble: k + 1)): '\(opacity)' must be from 0 (clear) to 1 (opaque paint)"
        }
        return nil
    }
}
