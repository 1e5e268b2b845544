import CWebSockets
import Foundation
import MarbleKit

extension PhonePageServer {
    /// What the app's calls and the server's thread share: one value, so that each use is
    /// plainly `shared.…` inside `lock.withLock`.
    struct Shared {
        /// Events held for the app's next `drain`.
        var pending: [PhonePageEvent] = []
        /// The app's latest seats, until the thread applies them.
        var offers: [PhonePageSeat]?
        /// Where the app seated each page since the thread last looked, by token: only the latest.
        var tells: [PairingToken: PhonePageReply] = [:]
        var counts = PhonePageCounts()
        var stopping = false
    }

    /// What the server's thread keeps of each seat's page, by its token: one value, so that a
    /// seat withdrawn is forgotten in one place.
    struct PageMemory {
        /// Each seat's rate, whichever sockets and POSTs its page sends on (a new POST or
        /// socket starts no fresh one).
        var rates: [PairingToken: PhonePageRate] = [:]
        /// Seats whose page has joined (a POST's back is then no news).
        var heard: Set<PairingToken> = []
        /// The latest `seat` or `wait` line the app told each seat's page: said again when it
        /// comes back on a socket.
        var told: [PairingToken: String] = [:]
        /// Seats told something no POST's answer has carried yet.
        var unposted: Set<PairingToken> = []

        /// A seat withdrawn: its rate and what it was told go with it.
        mutating func forget(_ token: PairingToken) {
            told[token] = nil
            rates[token] = nil
            unposted.remove(token)
        }
    }

    /// What the libwebsockets context is made from (C strings, the protocols' table), which
    /// must outlive it: kept together so that one call frees them.
    struct ContextMemory {
        var strings: [UnsafeMutablePointer<CChar>] = []
        var protocols: UnsafeMutablePointer<lws_protocols>?

        mutating func release() {
            for s in strings { free(s) }
            strings = []
            protocols?.deallocate()
            protocols = nil
        }
    }
}
