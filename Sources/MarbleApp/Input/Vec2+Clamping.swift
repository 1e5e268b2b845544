import MarbleKit

extension Vec2 {
    /// This vector scaled back to at most `limit` long, same direction; non-finite gives zero.
    func clamped(toLength limit: Double) -> Vec2 {
        guard isFinite else { return .zero }
        let m = length
        guard m > limit, m > 0 else { return self }
        return self * (limit / m)
    }
}
