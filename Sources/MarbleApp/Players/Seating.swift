/// Who drives which player: the one rule the controls, Setup's pictures, the help and the exit
/// log all read.
///
/// The keyboard gives at most two players: a child alone has every key; with two or more,
/// player 1 has the left hand's keys and player 2 the right hand's. Each pad and each phone
/// takes one player: a device that joins takes the first player with nothing to drive with
/// (players 3 and 4 have no keys), else the first without a pad or phone; a device that leaves
/// hands its player back to its hand's keys, or to nothing. With one player, every device is
/// theirs. Devices that join with every player taken wait, and take the first seat that frees.
public struct Seating: Equatable, Sendable {
    /// Each player's pad or phone, if any: one entry a player.
    public private(set) var seats: [Device?] = [nil]
    /// Devices joined with no seat free, in the order they joined.
    public private(set) var waiting: [Device] = []

    public init(players: Int = 1) {
        seats = Array(repeating: nil, count: max(players, 1))
    }

    /// How many players there are.
    public var players: Int { seats.count }

    /// Whether `device` has joined (seated or waiting).
    public func contains(_ device: Device) -> Bool { seats.contains(device) || waiting.contains(device) }

    /// A device arrives: it takes the first player without one, or waits.
    mutating func join(_ device: Device) {
        guard !contains(device) else { return }
        let free = seats.indices.first { seats[$0] == nil && hand(of: $0) == nil } ?? seats.firstIndex(of: nil)
        if let free { seats[free] = device } else { waiting.append(device) }
    }

    /// A device arrives for player `p` (a page opened from the code offered for them): it takes
    /// their seat when they have no pad or phone, else it joins as any device does.
    mutating func join(_ device: Device, preferring p: Int) {
        guard !contains(device) else { return }
        if players > 1, seats.indices.contains(p), seats[p] == nil { seats[p] = device } else { join(device) }
    }

    /// A device goes: its player has their hand's keys, or nothing, until a waiting device takes it.
    mutating func leave(_ device: Device) {
        waiting.removeAll { $0 == device }
        guard let seat = seats.firstIndex(of: device) else { return }
        seats[seat] = waiting.isEmpty ? nil : waiting.removeFirst()
    }

    /// There are `count` players now (1 to 4): seats kept where they were, a seat past the
    /// last given up, and devices without a seat seated in order.
    mutating func seat(players count: Int) {
        let n = max(count, 1)
        guard n != seats.count else { return }
        let dropped = seats.count > n ? seats[n...].compactMap { $0 } : []
        seats = Array(seats.prefix(n)) + Array(repeating: nil, count: max(n - seats.count, 0))
        let standing = dropped + waiting
        waiting = []
        for d in standing { join(d) }
    }

    /// Player `p`'s hand on the keyboard, if any (0-based).
    public func hand(of p: Int) -> Hand? {
        guard players > 1 else { return p == 0 ? .whole : nil }
        return p == 0 ? .left : p == 1 ? .right : nil
    }

    /// Player `p`'s devices: their seat's, or with one player, every device joined.
    public func devices(of p: Int) -> [Device] {
        guard players > 1 else { return p == 0 ? seats.compactMap { $0 } + waiting : [] }
        return seats.indices.contains(p) ? seats[p].map { [$0] } ?? [] : []
    }

    /// The player a device drives (0-based), nil for one waiting.
    public func player(of device: Device) -> Int? {
        if players == 1 { return contains(device) ? 0 : nil }
        return seats.firstIndex(of: device)
    }

    /// Whether player `p` has anything to drive with.
    public func isSeated(_ p: Int) -> Bool { hand(of: p) != nil || !devices(of: p).isEmpty }
}
