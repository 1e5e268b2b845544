import MarbleKit

/// A platform's end of the phone page: the server, started when the app asks (by the
/// environment's `servePhonePage`) and stopped when it asks, its events handed over each frame.
///
/// The app decides (when to serve, which seats, where each page sits); this only carries
/// them, so every platform (the window, the headless one of the tests) shares it. It takes at
/// most `perFrame` events a frame: a flood of readings cannot stall a frame, and what is left
/// waits for the next.
public final class PhonePagePort {
    /// The most events handed over in one frame (four pages at 60 Hz send 4 a frame).
    public static let perFrame = 512

    /// The server, while it runs.
    public private(set) var server: (any PhonePageServing)?
    let start: PhonePageStarter?
    let warn: (String) -> Void
    // What the app is told at the next poll: served here, or not.
    var told: [UIEvent] = []
    var lastCounts: PhonePageCounts?

    /// A port that starts servers with `start` (nil: this program serves no page).
    public init(start: PhonePageStarter?, warn: @escaping (String) -> Void = { _ in }) {
        self.start = start
        self.warn = warn
    }

    deinit { server?.stop() }

    /// Carries out the app's phone page effects; returns false for other effects.
    @discardableResult
    public func perform(_ effect: AppEffect) -> Bool {
        switch effect {
        case .servePhonePage(let asked):
            server?.stop()
            server = nil
            lastCounts = nil
            guard let start else {
                told.append(.phonePageFailed(tr("this program serves no phone page")))
                return true
            }
            let address = asked ?? PhonePageAddress(host: PhonePageAddress.lanHost())
            do throws(PhonePageProblem) {
                let s = try start(address)
                server = s
                told.append(.phonePageServing(s.address, fingerprint: s.fingerprint))
            } catch {
                warn("phone page at \(address): \(error)")
                told.append(.phonePageFailed(error.reason))
            }
            return true
        case .offerPhoneSeats(let seats):
            server?.offer(seats)
            return true
        case .tellPhoneSeat(let token, let seat):
            server?.tell(token, drives: seat)
            return true
        case .stopPhonePage:
            server?.stop()
            server = nil
            return true
        default:
            return false
        }
    }

    /// What happened since the last call, as events: served or not, the server's events, and
    /// its counts when they changed.
    public func poll(into events: inout [UIEvent]) {
        events += told
        told = []
        guard let server else { return }
        events += server.drain(limit: Self.perFrame).map(UIEvent.phonePage)
        let counts = server.counts
        if counts != lastCounts {
            lastCounts = counts
            events.append(.phonePageCounts(counts))
        }
    }
}
