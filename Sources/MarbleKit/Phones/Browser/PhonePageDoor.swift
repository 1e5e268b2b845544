/// Who may drive a marble through the phone page: the seats offered, the tokens spent, and the
/// keys pages hold to come back with. Pure: the server asks it on every hello.
///
/// A token opens its seat once. The page that opened it gets a key (128 random bits, only
/// ever sent to that page, over TLS) to come back with after a drop; a second page showing
/// the same token (a photo of the QR code, a shoulder-surfer) is refused, and so is any key
/// but the seat's own. A seat withdrawn (a parent let the phone go) refuses its key too.
public struct PhonePageDoor: Sendable {
    /// The seats pages may take, by token.
    public private(set) var offered: [PairingToken: PhonePageSeat] = [:]
    /// Each opened seat's key.
    var keys: [PairingToken: PairingToken] = [:]

    /// Why a page was turned away (the words go to the page's `bye` and the log's counts).
    public enum Refusal: String, Error, Sendable {
        case unknownToken = "an unknown or withdrawn code"
        case usedToken = "a code already used by another phone"
        case unknownKey = "an unknown key"
    }

    public init() {}

    /// Offers `seats` from now on; returns the tokens withdrawn (their pages are let go).
    public mutating func offer(_ seats: [PhonePageSeat]) -> [PairingToken] {
        let fresh = Dictionary(seats.map { ($0.token, $0) }, uniquingKeysWith: { a, _ in a })
        let withdrawn = offered.keys.filter { fresh[$0] == nil }
        for t in withdrawn { keys[t] = nil }
        offered = fresh
        return withdrawn
    }

    /// A page shows `token`: its seat and a fresh key, once.
    public mutating func hello<G: RandomNumberGenerator>(token: String, using generator: inout G)
        -> Result<(seat: PhonePageSeat, key: PairingToken), Refusal> {
        // Compare with every offered token in constant time each (at most four).
        guard let seat = offered.values.first(where: { $0.token.matches(token) }) else { return .failure(.unknownToken) }
        guard keys[seat.token] == nil else { return .failure(.usedToken) }
        let key = PairingToken.random(using: &generator)
        keys[seat.token] = key
        return .success((seat, key))
    }

    /// A page comes back with `key`: the seat it opened, if still offered.
    public func back(key: String) -> Result<PhonePageSeat, Refusal> {
        guard let (token, _) = keys.first(where: { $0.value.matches(key) }), let seat = offered[token] else {
            return .failure(.unknownKey)
        }
        return .success(seat)
    }

    /// The key of the page that opened `token`'s seat, if one did.
    public func key(of token: PairingToken) -> PairingToken? { keys[token] }
}
