/// A page's messages per second, capped: a token bucket, refilled by the clock.
///
/// The page sends about 60 readings a second; a bucket of `burst` lines refilled at `perSecond`
/// lets a phone's bunched Wi-Fi through and drops a flood, counted, without closing the page.
public struct PhonePageRate: Sendable {
    public static let perSecond = 200.0
    public static let burst = 400.0

    var tokens = burst
    var last: Double?

    public init() {}

    /// Whether `lines` more may pass at `now` (seconds); they are taken when they may.
    public mutating func admit(_ lines: Int, now: Double) -> Bool {
        if let last { tokens = min(Self.burst, tokens + max(0, now - last) * Self.perSecond) }
        last = now
        guard Double(lines) <= tokens else { return false }
        tokens -= Double(lines)
        return true
    }
}
