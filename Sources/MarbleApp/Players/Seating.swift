/// Who drives which player: the one rule the controls, the tool keys, Setup's pictures, the
/// help and the exit log all read. Players count from 0 here; only words shown add 1.
///
/// Every device takes a seat by `join`, the keyboard's halves as pads and phones do. A child
/// alone has the whole keyboard; with two or more, player 1 has the left half and player 2 the
/// right (`seat(players:)` seats them). Each pad and each phone takes one player: a device that
/// joins takes the seat it asks for when that seat has no pad or phone (a page opened from the
/// code offered for a player), else the first player with nothing to drive with (players 3
/// and 4 have no keys), else the first without a pad or phone; a device that leaves hands its
/// player back to their keys, or to nothing. With one player, every device is theirs. Devices
/// that join with every player taken wait, and take the first seat that frees.
public struct Seating: Equatable, Sendable {
    /// Each player's devices, from 0: their keyboard half and their pad or phone, if any.
    public private(set) var places: [[Device]] = [[.keys(.whole)]]
    /// Devices joined with no seat free, in the order they joined.
    public private(set) var waiting: [Device] = []

    public init(players: Int = 1) { seat(players: players) }

    /// How many players there are: the one count, which the app's players follow.
    public var players: Int { places.count }

    /// Each player's pad or phone, if any: one entry a player.
    public var seats: [Device?] { places.map { $0.first(where: \.isHeld) } }

    /// Whether `device` has joined (seated or waiting).
    public func contains(_ device: Device) -> Bool { places.contains { $0.contains(device) } || waiting.contains(device) }

    /// A device arrives: it takes the seat of player `wish` if it has none of its kind, else the
    /// first player with nothing, else the first without one of its kind; else it waits.
    /// A child alone takes no wish: everything is theirs.
    mutating func join(_ device: Device, wish: Int? = nil) {
        guard !contains(device) else { return }
        let places = self.places
        func free(_ p: Int) -> Bool { !places[p].contains { $0.isHeld == device.isHeld } }
        let wished = wish.flatMap { players > 1 && places.indices.contains($0) && free($0) ? $0 : nil }
        let seat = wished ?? places.indices.first { places[$0].isEmpty } ?? places.indices.first(where: free)
        if let seat { self.places[seat].append(device) } else { waiting.append(device) }
    }

    /// A device goes: its player has their keys, or nothing, until a waiting device takes it.
    mutating func leave(_ device: Device) {
        waiting.removeAll { $0 == device }
        guard let p = player(of: device), places[p].contains(device) else { return }
        places[p].removeAll { $0 == device }
        if let next = waiting.first(where: { $0.isHeld == device.isHeld }) {
            waiting.removeAll { $0 == next }
            places[p].append(next)
        }
    }

    /// There are `count` players now (1 to 4): the keyboard's halves seated for that many,
    /// pads and phones kept where they were, a seat past the last given up, and devices
    /// without a seat seated in order.
    mutating func seat(players count: Int) {
        let n = max(count, 1)
        let kept = places.prefix(n).map { $0.filter(\.isHeld) }
        let standing = places.dropFirst(n).flatMap { $0.filter(\.isHeld) } + waiting
        places = kept + Array(repeating: [], count: max(n - kept.count, 0))
        waiting = []
        // The halves first: a pad or phone looks for a player with nothing to drive with.
        let halves: [Hand] = n == 1 ? [.whole] : [.left, .right]
        for (p, hand) in halves.enumerated() { join(.keys(hand), wish: p) }
        for d in standing { join(d) }
    }

    /// Player `p`'s keyboard half, if any.
    public func hand(of p: Int) -> Hand? {
        places.indices.contains(p) ? places[p].lazy.compactMap(\.hand).first : nil
    }

    /// Player `p`'s pads and phones: their seat's, or with one player, every one joined.
    public func devices(of p: Int) -> [Device] {
        guard places.indices.contains(p) else { return [] }
        return places[p].filter(\.isHeld) + (players == 1 ? waiting : [])
    }

    /// The player a device drives, nil for one waiting.
    public func player(of device: Device) -> Int? {
        if players == 1 { return contains(device) ? 0 : nil }
        return places.firstIndex { $0.contains(device) }
    }

    /// The player a device's buttons act for: its own, or a child alone's for a device the
    /// platform never announced.
    public func actor(of device: Device) -> Int? { player(of: device) ?? (players == 1 ? 0 : nil) }

    /// Whether player `p` has anything to drive with.
    public func isSeated(_ p: Int) -> Bool { places.indices.contains(p) && !places[p].isEmpty }
}
