import MarbleKit

/// The phones' browser pages coming, going and holding their big buttons: each joins the
/// seating while it sends, as a phone over DSU does.
extension InputState {
    /// Page phone `k` sends (again): it joins, on player `player`'s seat when that player has
    /// no pad or phone (the seat its code was offered for), else as any device joins.
    mutating func pageSending(_ k: Int, name: String, player: Int) {
        pages[k] = Pad(name: name, hasMotion: true, sticks: Sticks(), buttons: pages[k]?.buttons ?? [])
        seating.join(.page(k), preferring: player)
    }

    /// Page phone `k` went quiet (or left, or was let go): its tilt and buttons stop counting
    /// and it leaves its seat; the keys and the pads go on.
    mutating func pageQuiet(_ k: Int) {
        guard pages[k] != nil else { return }
        pages[k] = nil
        pageHeld[k] = nil
        penHolds.remove(.south(.page(k)))
        seating.leave(.page(k))
    }

    /// A reading's big buttons: the ones newly pressed and newly released, after noting what
    /// is held. The pen button held while drawing lifts the pen (as a pad's A).
    mutating func pageButtons(_ k: Int, _ held: PhoneButtons, live: Bool) -> (pressed: PhoneButtons, released: PhoneButtons) {
        guard pages[k] != nil else { return ([], []) }
        let old = pageHeld[k] ?? []
        let pressed = held.subtracting(old), released = old.subtracting(held)
        pageHeld[k] = held
        if pressed.contains(.penUp) && live { penHolds.insert(.south(.page(k))) }
        if released.contains(.penUp) { penHolds.remove(.south(.page(k))) }
        return (pressed, released)
    }
}
