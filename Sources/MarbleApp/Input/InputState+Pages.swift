import MarbleKit

/// The phones' browser pages coming, going and holding their big buttons: each joins the
/// seating while it sends, as a phone over DSU does.
extension InputState {
    /// Page phone `k` sends (again): it joins, on player `player`'s seat when that player has
    /// no pad or phone (the seat its code was offered for), else as any device joins.
    mutating func pageSending(_ k: Int, name: String, player: Int) {
        let d = Device.phone(.page(k))
        arrived(d, Pad(name: name, hasMotion: true, pageButtons: held[d]?.pageButtons ?? []), wish: player)
    }

    /// Page phone `k` went quiet (or left, or was let go): it leaves; the keys and the pads go on.
    mutating func pageQuiet(_ k: Int) {
        guard held[.phone(.page(k))] != nil else { return }
        gone(.phone(.page(k)))
    }

    /// A reading's big buttons: the ones newly pressed and newly released, after noting what
    /// is held. The pen button held while drawing lifts the pen (as a pad's A).
    mutating func pageButtons(_ k: Int, _ buttons: PhoneButtons, live: Bool) -> (pressed: PhoneButtons, released: PhoneButtons) {
        let d = Device.phone(.page(k))
        guard let old = held[d]?.pageButtons else { return ([], []) }
        let pressed = buttons.subtracting(old), released = old.subtracting(buttons)
        held[d]?.pageButtons = buttons
        if pressed.contains(.penUp) && live { penHolds.insert(.south(d)) }
        if released.contains(.penUp) { penHolds.remove(.south(d)) }
        return (pressed, released)
    }
}
