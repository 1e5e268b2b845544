import MarbleKit

/// A platform's end of the DSU links: a socket to each server the app asked for (one a phone
/// of the settings, up to four).
///
/// The app decides (which server, when to ask); this only carries bytes, so every platform
/// with a network (the window, the benchmarks) shares it. It reads at most `perFrame`
/// datagrams a frame from each: a server gone wild cannot stall a frame, and what is left
/// waits for the next one. Datagrams from anyone but the server never reach it (the socket
/// is connected).
public final class MotionPort {
    /// The most datagrams read in one frame (a 1,000 Hz server sends 17 a frame at 60 Hz).
    public static let perFrame = 256

    /// Each phone's socket, by its index in the settings' list.
    public private(set) var sockets: [DSUSocket?] = []
    let warn: (String) -> Void

    public init(warn: @escaping (String) -> Void = { _ in }) { self.warn = warn }

    /// Carries out the app's motion effects; returns false for other effects.
    @discardableResult
    public func perform(_ effect: AppEffect) -> Bool {
        switch effect {
        case .motionServer(let address, let k):
            guard k >= 0, k < Settings.maxPhones else { return true }
            while sockets.count <= k { sockets.append(nil) }
            sockets[k] = nil
            guard let address else { return true }
            do throws(DSUSocket.OpenError) {
                sockets[k] = try DSUSocket(address: address)
            } catch {
                // The app shows "no answer"; the log says why.
                warn("phone \(k + 1): \(error)")
            }
            return true
        case .sendMotion(let bytes, let k):
            if sockets.indices.contains(k) { sockets[k]?.send(bytes) }
            return true
        default:
            return false
        }
    }

    /// The datagrams that arrived since the last call, as events tagged with their phone.
    public func poll(into events: inout [UIEvent]) {
        for (k, socket) in sockets.enumerated() {
            socket?.drain(limit: Self.perFrame) { events.append(.motionDatagram(Array($0), phone: k)) }
        }
    }
}
