import MarbleKit

/// What a child drives a marble with, and what takes a seat at the board (`Seating`): a
/// keyboard half, a pad, or a phone.
public enum Device: Hashable, Sendable, CustomStringConvertible {
    /// A hand's keys on the shared keyboard (all of them for a child alone): `Hand.keys`.
    case keys(Hand)
    /// A game pad, by the platform's id for it (SDL's joystick instance id).
    case pad(Int32)
    /// A phone that tilts a marble, by how it reaches us.
    case phone(PhoneID)

    public var description: String {
        switch self {
        case .keys(let hand): "keys (\(hand.keys.words))"
        case .pad(let id): "pad \(id)"
        case .phone(.dsu(let k)): "phone \(k + 1)"
        case .phone(.page(let k)): "phone page \(k + 1)"
        }
    }

    /// Whether it is a phone: over DSU or its browser page (its motion comes first).
    var isPhone: Bool { if case .phone = self { true } else { false } }

    /// A pad or a phone: what a child holds in their hands, one a seat (a keyboard half is not).
    var isHeld: Bool { hand == nil }

    /// The keyboard half it is; nil for a pad or a phone.
    var hand: Hand? { if case .keys(let h) = self { h } else { nil } }

    /// The place of a phone's browser page in the list of page phones; nil for anything else.
    var pageIndex: Int? { if case .phone(.page(let k)) = self { k } else { nil } }
}

/// A phone, by its transport: two ways of one idea, a phone that tilts a marble.
public enum PhoneID: Hashable, Sendable {
    /// Over DSU: the settings' phone at this index (`Settings.phones`).
    case dsu(Int)
    /// Its browser page: by its place in the list of page phones (`PagePhones`).
    case page(Int)
}

/// One hand's keys on the shared keyboard, or all of them for a child alone: which keys are
/// whose is `keys` (`Hand+Keys`), the one table.
public enum Hand: Hashable, Sendable, CaseIterable {
    /// Every key: the arrows or WASD tilt, Q and E turn, Space lifts the pen; X, 1, 2, 3, G the tools.
    case whole
    /// WASD tilt, Q and E turn, Space lifts the pen; X, 1, 2, 3, G are the tools.
    case left
    /// The arrows tilt, comma and period turn, Right Shift lifts the pen; /, 8, 9, 0, - are the tools.
    case right
}
