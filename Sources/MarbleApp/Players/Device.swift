import MarbleKit

/// A pad or phone a child holds: what takes a seat at the board (`Seating`).
public enum Device: Hashable, Sendable, CustomStringConvertible {
    /// A game pad, by the platform's id for it (SDL's joystick instance id).
    case pad(Int32)
    /// A phone or handheld over DSU: the settings' phone at this index (`Settings.phones`).
    case phone(Int)
    /// A phone's browser page: by its place in the list of page phones (`PagePhones`).
    case page(Int)

    public var description: String {
        switch self {
        case .pad(let id): "pad \(id)"
        case .phone(let k): "phone \(k + 1)"
        case .page(let k): "phone page \(k + 1)"
        }
    }
}

/// One hand's keys on the shared keyboard, or all of them for a child alone.
public enum Hand: Hashable, Sendable {
    /// Every key: the arrows or WASD tilt, Q and E turn, Space lifts the pen.
    case whole
    /// WASD tilt, Q and E turn, Space lifts the pen; X, 1, 2, 3 are the tools.
    case left
    /// The arrows tilt, comma and period turn, Right Shift lifts the pen; /, 8, 9, 0 are the tools.
    case right

    /// The keys as words, for Setup and the help.
    public var words: String {
        switch self {
        case .whole: "arrows or WASD · Q/E · Space"
        case .left: "WASD · Q/E · Space"
        case .right: "arrows · , . · Right Shift"
        }
    }
}
