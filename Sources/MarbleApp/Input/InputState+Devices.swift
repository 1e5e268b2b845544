import MarbleKit

/// Pads and phones coming, going, and what they hold: each joins the seating when it comes and
/// leaves it when it goes.
extension InputState {
    /// A pad was connected (or found at start): it joins, with its buttons and sticks its own.
    mutating func padAdded(_ id: Int32, name: String, hasMotion: Bool) {
        pads[id] = Pad(name: name, hasMotion: hasMotion)
        penHolds.remove(.south(.pad(id)))
        seating.join(.pad(id))
    }

    /// The pad has sensors the system hides: play goes on with its sticks.
    mutating func padMotionBlocked(_ id: Int32) { pads[id]?.motionBlocked = true }

    /// A pad went: its player is handed back to their keys, or to nothing.
    mutating func padRemoved(_ id: Int32) {
        pads[id] = nil
        penHolds.remove(.south(.pad(id)))
        seating.leave(.pad(id))
    }

    /// A device's button went down (`live`: the drawing is running, so A lifts the pen).
    mutating func buttonDown(_ b: PadButton, on device: Device, live: Bool) {
        guard state(of: device) != nil else { return }
        update(device) { $0.buttons.insert(b) }
        if b == .south && live { penHolds.insert(.south(device)) }
    }

    mutating func buttonUp(_ b: PadButton, on device: Device) {
        update(device) { $0.buttons.remove(b) }
        if b == .south { penHolds.remove(.south(device)) }
    }

    /// A device's sticks moved; returns a direction to move focus by, once per push, when not drawing.
    mutating func sticksMoved(_ sticks: Sticks, on device: Device, live: Bool, leftHanded: Bool = false) -> Direction? {
        guard let old = state(of: device), old.sticks != sticks else { return nil }
        update(device) { $0.sticks = sticks }
        return latchStick(x: leftHanded ? sticks.rightX : sticks.leftX, y: leftHanded ? sticks.rightY : sticks.leftY, live: live)
    }

    /// Phone `k` sends (again): it joins.
    mutating func phoneSending(_ k: Int, name: String) {
        phones[k] = Pad(name: name, hasMotion: true, sticks: phones[k]?.sticks ?? Sticks())
        seating.join(.phone(k))
    }

    /// Phone `k` went quiet: its tilt and buttons stop counting (a frozen tilt would roll the
    /// ball on its own), and it leaves its seat; the keys and the pads go on.
    mutating func phoneQuiet(_ k: Int) {
        guard phones[k] != nil else { return }
        phones[k] = nil
        penHolds.remove(.south(.phone(k)))
        seating.leave(.phone(k))
    }

    /// A phone report's buttons: the ones newly pressed (to act on), after noting what is held.
    mutating func phoneButtons(_ k: Int, _ held: Set<PadButton>, live: Bool) -> [PadButton] {
        guard let old = phones[k]?.buttons else { return [] }
        let pressed = held.subtracting(old), released = old.subtracting(held)
        phones[k]?.buttons = held
        if pressed.contains(.south) && live { penHolds.insert(.south(.phone(k))) }
        if released.contains(.south) { penHolds.remove(.south(.phone(k))) }
        return PhoneReport.buttonBits.map(\.1).filter(pressed.contains)
    }

    mutating func update(_ device: Device, _ edit: (inout Pad) -> Void) {
        switch device {
        case .pad(let id): if pads[id] != nil { edit(&pads[id]!) }
        case .phone(let k): if phones[k] != nil { edit(&phones[k]!) }
        case .page(let k): if pages[k] != nil { edit(&pages[k]!) }
        }
    }
}
