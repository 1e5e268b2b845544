import MarbleKit

/// Pads and phones coming, going, and what they hold: each joins the seating when it comes and
/// leaves it when it goes.
extension InputState {
    /// A pad was connected (or found at start): it joins, with its buttons and sticks its own.
    mutating func padAdded(_ id: Int32, name: String, hasMotion: Bool) {
        arrived(.pad(id), Pad(name: name, hasMotion: hasMotion))
    }

    /// The pad has sensors the system hides: play goes on with its sticks.
    mutating func padMotionBlocked(_ id: Int32) { held[.pad(id)]?.motionBlocked = true }

    /// A pad or phone here (again), holding `pad`: it joins, on player `wish`'s seat when that
    /// has no pad or phone (a page's code was offered for them), else as any device joins.
    mutating func arrived(_ device: Device, _ pad: Pad, wish: Int? = nil) {
        if case .pad = device { penHolds.remove(.south(device)) }
        held[device] = pad
        seating.join(device, wish: wish)
    }

    /// A pad or phone went (a pad unplugged, a phone quiet): its tilt and buttons stop
    /// counting (a frozen tilt would roll the ball on its own), and it leaves its seat; its
    /// player is handed back to their keys, or to nothing.
    mutating func gone(_ device: Device) {
        held[device] = nil
        penHolds.remove(.south(device))
        seating.leave(device)
    }

    /// A pad was unplugged.
    mutating func padRemoved(_ id: Int32) { gone(.pad(id)) }

    /// A device's button went down (`live`: the drawing is running, so A lifts the pen).
    mutating func buttonDown(_ b: PadButton, on device: Device, live: Bool) {
        guard held[device] != nil else { return }
        held[device]?.buttons.insert(b)
        if b == .south && live { penHolds.insert(.south(device)) }
    }

    mutating func buttonUp(_ b: PadButton, on device: Device) {
        held[device]?.buttons.remove(b)
        if b == .south { penHolds.remove(.south(device)) }
    }

    /// A device's sticks moved; returns a direction to move focus by, once per push, when not drawing.
    mutating func sticksMoved(_ sticks: Sticks, on device: Device, live: Bool, leftHanded: Bool = false) -> Direction? {
        guard let old = held[device], old.sticks != sticks else { return nil }
        held[device]?.sticks = sticks
        return latchStick(x: leftHanded ? sticks.rightX : sticks.leftX, y: leftHanded ? sticks.rightY : sticks.leftY, live: live)
    }

    /// Phone `k` sends (again) over DSU: it joins.
    mutating func phoneSending(_ k: Int, name: String) {
        let d = Device.phone(.dsu(k))
        arrived(d, Pad(name: name, hasMotion: true, sticks: held[d]?.sticks ?? Sticks()))
    }

    /// Phone `k` went quiet: it leaves; the keys and the pads go on.
    mutating func phoneQuiet(_ k: Int) {
        guard held[.phone(.dsu(k))] != nil else { return }
        gone(.phone(.dsu(k)))
    }

    /// A phone report's buttons: the ones newly pressed (to act on), after noting what is held.
    mutating func phoneButtons(_ k: Int, _ buttons: Set<PadButton>, live: Bool) -> [PadButton] {
        let d = Device.phone(.dsu(k))
        guard let old = held[d]?.buttons else { return [] }
        let pressed = buttons.subtracting(old), released = old.subtracting(buttons)
        held[d]?.buttons = buttons
        if pressed.contains(.south) && live { penHolds.insert(.south(d)) }
        if released.contains(.south) { penHolds.remove(.south(d)) }
        return PhoneReport.buttonBits.map(\.1).filter(pressed.contains)
    }
}
