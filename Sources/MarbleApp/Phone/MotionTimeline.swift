import MarbleKit

/// A server's motion timestamps made into one clock that never goes back, in microseconds.
///
/// Servers disagree: some timestamps repeat (Cemu skips those; here they keep the clock where
/// it is, so the tracker sees no time pass), some restart or jump when the server does. A step
/// forward of up to a second is taken as it is; anything else (back, or a jump) advances by the
/// time between the datagrams' arrivals instead.
public struct MotionTimeline: Sendable {
    /// The largest step of the server's clock taken as it is, in microseconds.
    public static let largestStepUS: UInt64 = 1_000_000

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
        if serverUS >= last && serverUS - last <= Self.largestStepUS {
            nowUS += serverUS - last
        } else {
            let seconds = min(max(arrival - lastArrival, 0), 1)
            nowUS += UInt64((seconds * 1e6).rounded())
        }
        return nowUS
    }
}
