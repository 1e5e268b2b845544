/// What the phone page's server hands the app, in the order it happened.
public enum PhonePageEvent: Equatable, Sendable {
    /// A page opened with this seat's token (or came back with its key after a drop).
    case joined(PairingToken)
    /// A reading from the page that holds this seat, with when it arrived (the server's
    /// monotonic seconds: the same clock as `Environment.monotonic`).
    case reading(PairingToken, PhoneReading, arrival: Double)
    /// The page's socket closed (a phone asleep, out of range, or let go). Its seat stays its
    /// own: the page comes back with its key.
    case left(PairingToken)
}

/// What the server turned away or dropped, for the log at the end and the tests.
public struct PhonePageCounts: Equatable, Sendable {
    /// Readings handed to the app.
    public var readings = 0
    /// Requests and sockets refused, by why (a wrong token, a foreign Origin, 404 …).
    public var refused: [String: Int] = [:]
    /// Messages dropped: malformed, oversized, or over the rate.
    public var dropped: [String: Int] = [:]

    public init() {}

    public mutating func refuse(_ why: String) { refused[why, default: 0] += 1 }
    public mutating func drop(_ why: String) { dropped[why, default: 0] += 1 }
}

/// Why the page could not be served.
public struct PhonePageProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
