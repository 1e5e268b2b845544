/// The phone page's server as the app and `marble record` see it: HTTPS and a WebSocket on its
/// own thread, off the frame loop, handing over what arrived when asked.
///
/// The program serves it with libwebsockets (`MarblePhonePage`); tests use the same server on
/// 127.0.0.1, or a scripted one. Every method may be called from any thread.
public protocol PhonePageServing: AnyObject, Sendable {
    /// Where it is served (the port the system picked, when 0 was asked for).
    var address: PhonePageAddress { get }
    /// The certificate's SHA-256 fingerprint, as colon-separated hex pairs (what a careful
    /// parent compares with the browser's certificate viewer).
    var fingerprint: String { get }
    /// The seats pages may take from now on, each by its token; seats not listed again are
    /// withdrawn (a page holding one is let go).
    func offer(_ seats: [PhonePageSeat])
    /// The page holding `token` drives `seat`'s player now (nil: it waits for one): said on its
    /// socket at once and again when it comes back after a drop, or in its next POST's answer.
    func tell(_ token: PairingToken, drives seat: PhonePageSeat?)
    /// Everything that arrived since the last call, in order (at most `limit` events: what is
    /// left waits for the next call).
    func drain(limit: Int) -> [PhonePageEvent]
    /// What was refused and dropped so far.
    var counts: PhonePageCounts { get }
    /// Stops serving: every page is let go and the port closed. Idempotent.
    func stop()
}

/// Starts the phone page's server at an address (port 0: any free one).
public typealias PhonePageStarter = @Sendable (PhonePageAddress) throws(PhonePageProblem) -> any PhonePageServing
