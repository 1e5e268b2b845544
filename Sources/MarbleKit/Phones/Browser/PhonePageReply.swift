/// What marble sends a phone's page, one line a message.
///
///     welcome,KEY,PLAYER,#RRGGBB      the seat is the page's: the key to come back with after
///                                     a drop, the player it was offered for (number, colour);
///                                     sent again when the page comes back on a socket
///     seat,PLAYER,#RRGGBB             the page drives this player now, not the one it was last
///                                     told of (that one had a pad or phone, a seat freed, the
///                                     number of players changed)
///     wait                            every player has a pad or phone: the page drives nothing
///                                     until one frees (a `seat` line then)
///     bye,WHY                         the seat was refused or let go (the page says so)
public enum PhonePageReply: Equatable, Sendable {
    case welcome(key: PairingToken, seat: PhonePageSeat)
    case seat(PhonePageSeat)
    case wait
    case bye(String)

    /// What tells a page where the app seated it: its player, or nil to wait.
    public static func seating(_ seat: PhonePageSeat?) -> PhonePageReply {
        seat.map(PhonePageReply.seat) ?? .wait
    }

    /// The line, without a newline.
    public var line: String {
        switch self {
        case .welcome(let key, let seat): "welcome,\(key.text),\(seat.player + 1),\(seat.colorHex)"
        case .seat(let seat): "seat,\(seat.player + 1),\(seat.colorHex)"
        case .wait: "wait"
        case .bye(let why): "bye," + why.filter { $0 != "\n" && $0 != "," }
        }
    }
}
