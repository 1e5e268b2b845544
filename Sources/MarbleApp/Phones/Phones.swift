import MarbleKit

/// The phones or handhelds as the app follows them: a link for each of the settings' phones,
/// in their order, the phones' browser pages, and the phone screen's state.
struct Phones: Sendable {
    /// One link a phone of the settings (index k follows `Settings.phones[k]`).
    private(set) var links: [PhoneLink] = []
    /// The phone screen: which phone it sets, the address typed, a calibration under way.
    var setup = PhoneSetup()
    /// The phones' browser pages: their seats, tokens and clocks, and the page's server as the
    /// app knows it (`PhonePage/`).
    var pages = PagePhones()

    /// Link `k`, made when first asked for (each with its own sender id).
    subscript(k: Int) -> PhoneLink {
        get { links.indices.contains(k) ? links[k] : PhoneLink(senderID: 0) }
        set {
            reserve(k + 1)
            links[k] = newValue
        }
    }

    /// How many links there are (past the settings' phones, links follow no server).
    var count: Int { links.count }

    /// Makes sure there are links for `n` phones.
    mutating func reserve(_ n: Int) {
        while links.count < n { links.append(PhoneLink(senderID: UInt32.random(in: 1...UInt32.max))) }
    }
}
