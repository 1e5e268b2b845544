import MarbleKit

/// One seat offered to a phone's browser page: the one-time token its code carries, the player
/// it was offered for, and, once a page holds it, the player it shows, its clock and what it sent.
struct PagePhone: Sendable {
    /// The token in the code (`https://HOST:PORT/#TOKEN`).
    let token: PairingToken
    /// The player it was offered for (0-based): the page takes their seat when it can.
    let player: Int
    /// Whether a page has taken it (it keeps it while quiet: the page comes back with its key).
    private(set) var joined = false
    /// Let go from the Phone screen: no longer offered (the player has a fresh token).
    private(set) var withdrawn = false
    /// The player the page shows (0-based; nil: that it waits): the one offered, from its
    /// welcome, until it is told where the seating put it (`AppEffect.tellPhoneSeat`).
    private(set) var shows: Int?
    /// The page's clock (`performance.now()`) made monotonic, a silence kept at its length.
    private(set) var timeline = MotionTimeline()
    /// When its last reading was handled, on the app's clock (a silence is measured from it).
    private(set) var lastHeard: Double?
    /// Readings used.
    private(set) var readings = 0

    init(token: PairingToken, player: Int) {
        self.token = token
        self.player = player
        shows = player
    }

    /// The page was told it drives player `p` (nil: that it waits).
    mutating func show(_ p: Int?) { shows = p }

    /// A page took the seat (or came back to it) at `now`.
    mutating func join(now: Double) {
        joined = true
        lastHeard = now
    }

    /// A reading stamped `timeUS` by the page (`PhoneReading.timeUS`), arrived at `arrival` (the
    /// server's clock), handled at `now`: its time on the page's timeline, in microseconds.
    mutating func hear(timeUS: UInt64, arrival: Double, now: Double) -> UInt64 {
        readings += 1
        lastHeard = now
        return timeline.advance(serverUS: timeUS, arrival: arrival)
    }

    /// Let go: its seat is withdrawn.
    mutating func withdraw() {
        withdrawn = true
        joined = false
    }
}
