/// A place on the board a page may take: the one-time token in its QR code, and the player it
/// drives (their number and colour, which the page shows so a child sees which marble is theirs).
public struct PhonePageSeat: Hashable, Sendable {
    public var token: PairingToken
    /// The player, from 0 (inside, as everywhere); the page is told the number shown, from 1.
    public var player: Int
    /// The player's colour (`PlayerColors`), for the page's background.
    public var color: RGBA8

    public init(token: PairingToken, player: Int, color: RGBA8) {
        self.token = token
        self.player = player
        self.color = color
    }

    /// `#RRGGBB`, as the page's style takes it.
    public var colorHex: String {
        let hex = Array("0123456789abcdef")
        return "#" + String([color.r, color.g, color.b].flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 15)]] })
    }
}
