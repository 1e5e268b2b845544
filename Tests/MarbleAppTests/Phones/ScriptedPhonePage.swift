import Foundation
import MarbleKit
import Synchronization
@testable import MarbleApp

/// A phone page's server that serves nothing: it keeps what the app offers and tells, and hands
/// over the events a test pushes, in order.
final class ScriptedPhonePage: PhonePageServing {
    struct State {
        var offers: [[PhonePageSeat]] = []
        var tells: [(token: PairingToken, seat: PhonePageSeat?)] = []
        var events: [PhonePageEvent] = []
        var counts = PhonePageCounts()
        var stopped = false
    }

    let address: PhonePageAddress
    let fingerprint = (0..<32).map { String(format: "%02X", $0 * 7 % 256) }.joined(separator: ":")
    let state = Mutex(State())

    init(address: PhonePageAddress) {
        // Port 0 asks for any: this one picks 40000.
        self.address = PhonePageAddress(host: address.host, port: address.port == 0 ? 40000 : address.port)
    }

    func offer(_ seats: [PhonePageSeat]) { state.withLock { $0.offers.append(seats) } }

    func tell(_ token: PairingToken, drives seat: PhonePageSeat?) { state.withLock { $0.tells.append((token, seat)) } }

    /// What the page of `token` was told, in order: the player it drives (1-based), nil to wait.
    func told(_ token: PairingToken) -> [Int?] {
        state.withLock { $0.tells.filter { $0.token == token }.map { $0.seat?.player } }
    }

    /// Every seat told, in order.
    var toldSeats: [PhonePageSeat?] { state.withLock { $0.tells.map(\.seat) } }

    func drain(limit: Int) -> [PhonePageEvent] {
        state.withLock { s in
            let out = Array(s.events.prefix(limit))
            s.events.removeFirst(out.count)
            return out
        }
    }

    var counts: PhonePageCounts { state.withLock { $0.counts } }

    func stop() { state.withLock { $0.stopped = true } }

    /// Events handed over at the next drain.
    func push(_ events: PhonePageEvent...) { state.withLock { $0.events += events } }

    /// The seats offered last.
    var seats: [PhonePageSeat] { state.withLock { $0.offers.last ?? [] } }
    var stopped: Bool { state.withLock { $0.stopped } }

    /// Player `n`'s token (1-based), as offered last.
    func token(player n: Int) -> PairingToken? { seats.first { $0.player == n }?.token }

    func count(_ edit: (inout PhonePageCounts) -> Void) { state.withLock { edit(&$0.counts) } }
}

/// The servers the app started, in order, through the environment's starter.
final class ScriptedPhonePages: Sendable {
    let started = Mutex<[ScriptedPhonePage]>([])

    var starter: PhonePageStarter {
        { [self] address throws(PhonePageProblem) in
            let server = ScriptedPhonePage(address: address)
            started.withLock { $0.append(server) }
            return server
        }
    }

    /// The server started last.
    var current: ScriptedPhonePage? { started.withLock { $0.last } }
    var count: Int { started.withLock { $0.count } }
}
