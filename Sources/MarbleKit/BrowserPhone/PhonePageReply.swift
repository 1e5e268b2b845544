/// What marble sends a phone's page, one line a message.
///
///     welcome,KEY,PLAYER,#RRGGBB      the seat is the page's: the key to come back with after
///                                     a drop, the player's number and colour; sent again when
///                                     the page comes back on a socket
///     bye,WHY                         the seat was refused or let go (the page says so)
public enum PhonePageReply: Equatable, Sendable {
    case welcome(key: PairingToken, seat: PhonePageSeat)
    case bye(String)

    /// The line, without a newline.
    public var line: String {
        switch self {
        case .welcome(let key, let seat): "welcome,\(key.text),\(seat.player),\(seat.colorHex)"
        case .bye(let why): "bye," + why.filter { $0 != "\n" && $0 != "," }
        }
    }
}
