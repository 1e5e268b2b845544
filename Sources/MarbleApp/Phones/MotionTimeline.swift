import MarbleKit

/// A server's motion timestamps made into one clock that never goes back, in microseconds.
///
/// Two clocks say how long passed between reports: the server's timestamps (microseconds of the
/// phone's own clock, precise, but they repeat, restart or jump when the server does) and the
/// datagrams' arrivals (the monotonic clock of this machine: always right about a long
/// silence, but bunched by Wi-Fi lag and by a frame's draining). A repeat keeps the clock where
/// it is (Cemu skips those), so the tracker sees no time pass. A step forward of up to
/// `trustedStepUS` is taken as it is, however the arrivals bunched. A longer step is taken
/// when the arrivals agree with it within `agreement` seconds: a silence keeps its real length.
/// Anything else (the clock back, or a jump the arrivals do not show) advances by the time
/// between the arrivals instead, so a server restarting makes no fake jump and no fake pause.
public struct MotionTimeline: Sendable {
    /// The largest step of the server's clock taken as it is, in microseconds.
    public static let trustedStepUS: UInt64 = 1_000_000
    /// How far, in seconds, a longer step of the server's clock may differ from the arrivals'
    /// spacing and still be taken: a lagging datagram or a slow frame, not a restart.
    public static let agreement = 0.25
    /// The longest gap the arrivals can give, in seconds (a year): only to keep the sum in range.
    static let longestGap = 365 * 24 * 3600.0

    public private(set) var nowUS: UInt64 = 0
    var lastServerUS: UInt64?
    var lastArrival: Double?

    public init() {}

    /// The time of a report stamped `serverUS` by the server that arrived at `arrival` seconds.
    public mutating func advance(serverUS: UInt64, arrival: Double) -> UInt64 {
        defer {
            lastServerUS = serverUS
            lastArrival = arrival
        }
        guard let last = lastServerUS, let lastArrival else { return nowUS }
        let spacing = arrival - lastArrival
        let gap = spacing.isFinite ? min(max(spacing, 0), Self.longestGap) : 0
        if serverUS >= last {
            let step = serverUS - last
            if step <= Self.trustedStepUS || abs(Double(step) / 1e6 - gap) <= Self.agreement {
                nowUS += step
                return nowUS
            }
        }
        nowUS += UInt64((gap * 1e6).rounded())
        return nowUS
    }
}
