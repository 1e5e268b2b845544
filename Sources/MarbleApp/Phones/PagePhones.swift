import MarbleKit

/// The phones' browser pages as the app knows them: a seat offered to each player (a fresh
/// token each), the pages holding them, and the page's server (where it is served, its
/// fingerprint, what it counted, and the Phone screen's code).
///
/// A page phone is `Device.phone(.page(k))`, `k` its place in `list`: a seat let go stays in the list,
/// withdrawn, and its player gets a new one at the end, so no page's place ever changes.
struct PagePhones: Sendable {
    /// No reading for longer than this (seconds) and a page phone goes quiet.
    static let silence = 1.0
    /// Every seat ever offered, in order; one live (not withdrawn) a player.
    private(set) var list: [PagePhone]
    /// The server asked to run (`AppEffect.servePhonePage`), until it is asked to stop.
    private(set) var asked = false
    /// Where it is served and its certificate's fingerprint, once it says so.
    private(set) var served: (address: PhonePageAddress, fingerprint: String)?
    /// Why it could not be served, if it could not.
    private(set) var problem: String?
    /// What the server handed over, refused and dropped so far.
    var counts = PhonePageCounts()
    /// The address the command line asked for (nil: this machine's LAN address).
    private(set) var requested: PhonePageAddress?
    /// Served for the whole run (`marble play --phone-page`), needed or not.
    private(set) var pinned = false
    /// The Phone screen's code: the address it holds and the modules (nil modules: no encoder).
    var code: (text: String, matrix: QRMatrix?)?
    /// Where each seat's address with its code is kept for the window's end-to-end test
    /// (`MARBLE_PHONE_PAGE_CODES`), if anywhere: a file of its own, never stderr.
    var codesFile: String?

    init(players: Int = SessionConfiguration.maxMarbles) {
        list = (0..<players).map { PagePhone(token: .random(), player: $0) }
    }

    /// The seats offered now: each player's live one.
    var seats: [PhonePageSeat] {
        list.filter { !$0.withdrawn }.map { Self.seat($0.token, player: $0.player) }
    }

    /// The seat of `token` on player `p` (0-based): their number and colour, as the page shows them.
    static func seat(_ token: PairingToken, player p: Int) -> PhonePageSeat {
        PhonePageSeat(token: token, player: p, color: PlayerColors.color(of: p))
    }

    /// The live seat of this token, by its place in the list.
    func index(of token: PairingToken) -> Int? { list.firstIndex { !$0.withdrawn && $0.token == token } }

    /// Player `p`'s live seat, by its place in the list.
    func index(player p: Int) -> Int? { list.firstIndex { !$0.withdrawn && $0.player == p } }

    /// Whether a page holds a seat (seated or quiet, not let go): the server keeps running.
    var anyJoined: Bool { list.contains { $0.joined } }

    subscript(k: Int) -> PagePhone { list[k] }

    mutating func edit(_ k: Int, _ change: (inout PagePhone) -> Void) {
        guard list.indices.contains(k) else { return }
        change(&list[k])
    }

    /// The command line serves the page for the whole run, at `address` (nil: the LAN's).
    mutating func pin(_ address: PhonePageAddress?) {
        pinned = true
        requested = address
    }

    /// The server was asked to run.
    mutating func ask() {
        asked = true
        problem = nil
    }

    /// The server was asked to stop: nothing is served.
    mutating func stop() {
        asked = false
        served = nil
    }

    mutating func serving(_ address: PhonePageAddress, fingerprint: String) {
        served = (address, fingerprint)
        problem = nil
    }

    /// It could not be served: asked stays set, so it is not tried every frame.
    mutating func failed(_ why: String) {
        served = nil
        problem = why
    }

    /// Seat `k` let go: withdrawn, and its player offered a fresh token.
    mutating func letGo(_ k: Int) {
        guard list.indices.contains(k), !list[k].withdrawn else { return }
        list[k].withdraw()
        list.append(PagePhone(token: .random(), player: list[k].player))
    }
}
