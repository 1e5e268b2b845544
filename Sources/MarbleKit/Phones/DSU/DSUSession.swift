/// A DSU client's state, without the socket: when to ask, what to accept, how it is going.
///
/// Pure, so the window and `marble record` share it and tests drive it with bytes and times.
/// The client asks for one slot's pad data once a second (servers drop a client 5 s after its
/// last request) and sends nothing else, so it can never amplify traffic.
public struct DSUSession: Sendable {
    /// How the link stands, for the Settings row and the notices.
    public enum Status: Equatable, Sendable {
        /// Asked, and waiting for the first answer (for up to `DSU.serverTimeout`).
        case waiting
        /// Pad data arrived within the last `quietLimit`.
        case connected
        /// Asked for `DSU.serverTimeout` and nothing came.
        case noAnswer
        /// Data came, then stopped for `quietLimit`: asking goes on, and its return picks up.
        case lost
    }

    /// What came in and what was turned away, for the summary and the tests.
    public struct Counts: Equatable, Sendable {
        public var accepted = 0
        public var ignored: [DSU.Defect: Int] = [:]
        /// Other messages (version, ports) that were fine but carry no motion.
        public var otherMessages = 0
        /// Times the pad data stopped for longer than `gapLimit` and came back.
        public var gaps = 0
        /// The longest such silence, in seconds.
        public var longestGap = 0.0
        public var totalIgnored: Int { ignored.values.reduce(0, +) }
    }

    /// Silence longer than this makes a connected link `lost`.
    public static let quietLimit = 1.5
    /// Silence longer than this between two reports counts as a gap.
    public static let gapLimit = 0.25

    public let slot: UInt8
    public let senderID: UInt32
    public private(set) var counts = Counts()
    /// When the first request went out, and the last.
    public private(set) var firstAsked: Double?
    public private(set) var lastAsked: Double?
    /// When the last pad data was accepted.
    public private(set) var lastHeard: Double?

    public init(slot: UInt8 = 0, senderID: UInt32) {
        self.slot = slot
        self.senderID = senderID
    }

    /// The request to send now, if one is due (the first at once, then one a second).
    public mutating func requestDue(now: Double) -> [UInt8]? {
        if let lastAsked, now - lastAsked < DSU.requestInterval, now >= lastAsked { return nil }
        if firstAsked == nil { firstAsked = now }
        lastAsked = now
        return DSU.padDataRequest(senderID: senderID, slot: slot)
    }

    /// What one datagram turned out to be.
    public enum Received: Equatable, Sendable {
        /// Pad data for our slot, connected and finite: motion to use.
        case padData(DSUPadData)
        /// A version or port reply: fine, and no motion in it.
        case other
        /// Not used, and why.
        case ignored(DSU.Defect)
    }

    /// Takes one datagram from the server's address.
    public mutating func receive(_ bytes: UnsafeRawBufferPointer, at now: Double) -> Received {
        let received = Self.classify(DSUMessage.decode(bytes), slot: slot)
        switch received {
        case .padData:
            counts.accepted += 1
            if let lastHeard, now - lastHeard > Self.gapLimit {
                counts.gaps += 1
                counts.longestGap = max(counts.longestGap, now - lastHeard)
            }
            lastHeard = now
        case .other:
            counts.otherMessages += 1
        case .ignored(let defect):
            counts.ignored[defect, default: 0] += 1
        }
        return received
    }

    /// Takes one datagram held in an array.
    public mutating func receive(_ bytes: [UInt8], at now: Double) -> Received {
        bytes.withUnsafeBytes { receive($0, at: now) }
    }

    static func classify(_ decoded: Result<DSUMessage, DSU.Defect>, slot: UInt8) -> Received {
        switch decoded {
        case .failure(let d): return .ignored(d)
        case .success(.padData(let p)):
            if p.slot.number != slot { return .ignored(.otherSlot) }
            // Servers disagree on which of the two fields they fill: either says connected.
            if !p.connected && p.slot.state != 2 { return .ignored(.notConnected) }
            if !p.isFinite { return .ignored(.notFinite) }
            return .padData(p)
        case .success:
            return .other
        }
    }

    /// How the link stands at `now`.
    public func status(now: Double) -> Status {
        if let lastHeard {
            return now - lastHeard <= Self.quietLimit ? .connected : .lost
        }
        guard let firstAsked else { return .waiting }
        return now - firstAsked < DSU.serverTimeout ? .waiting : .noAnswer
    }
}
