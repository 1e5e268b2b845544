/// Things a second, capped: a token bucket, refilled by the clock.
///
/// A page's lines (the default): the page sends about 60 readings a second; a bucket of `burst`
/// lines refilled at `perSecond` lets a phone's bunched Wi-Fi through and drops a flood, counted,
/// without closing the page. The server's new connections use one too.
public struct PhonePageRate: Sendable {
    public static let perSecond = 200.0
    public static let burst = 400.0

    let perSecond: Double
    let burst: Double
    var tokens: Double
    var last: Double?

    /// A bucket of `burst`, refilled at `perSecond`, full to begin with.
    public init(perSecond: Double = PhonePageRate.perSecond, burst: Double = PhonePageRate.burst) {
        self.perSecond = perSecond
        self.burst = burst
        tokens = burst
    }

    /// Whether `lines` more may pass at `now` (seconds); they are taken when they may.
    public mutating func admit(_ lines: Int, now: Double) -> Bool {
        if let last { tokens = min(burst, tokens + max(0, now - last) * perSecond) }
        last = now
        guard Double(lines) <= tokens else { return false }
        tokens -= Double(lines)
        return true
    }
}
