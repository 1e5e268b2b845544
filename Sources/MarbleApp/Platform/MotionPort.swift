import MarbleKit

/// A platform's end of the DSU links: a socket to each server the app asked for (marble 1's
/// phone, and marble 2's).
///
/// The app decides (which server, when to ask); this only carries bytes, so every platform
/// with a network (the window, the benchmarks) shares it. It reads at most `perFrame`
/// datagrams a frame: a server gone wild cannot stall a frame, and what is left waits for the
/// next one. Datagrams from anyone but the server never reach it (the socket is connected).
public final class MotionPort {
    /// The most datagrams read in one frame (a 1,000 Hz server sends 17 a frame at 60 Hz).
    public static let perFrame = 256

    /// Marble 1's phone's socket, and marble 2's.
    public private(set) var sockets: [DSUSocket?] = [nil, nil]
    let warn: (String) -> Void

    public init(warn: @escaping (String) -> Void = { _ in }) { self.warn = warn }

    /// Carries out the app's motion effects; returns false for other effects.
    @discardableResult
    public func perform(_ effect: AppEffect) -> Bool {
        switch effect {
        case .motionServer(let address, let second):
            let i = second ? 1 : 0
            sockets[i] = nil
            guard let address else { return true }
            do throws(DSUSocket.OpenError) {
                sockets[i] = try DSUSocket(address: address)
            } catch {
                // The app shows "no answer"; the log says why.
                warn((second ? "marble 2's phone: " : "phone: ") + "\(error)")
            }
            return true
        case .sendMotion(let bytes, let second):
            sockets[second ? 1 : 0]?.send(bytes)
            return true
        default:
            return false
        }
    }

    /// The datagrams that arrived since the last call, as events.
    public func poll(into events: inout [UIEvent]) {
        sockets[0]?.drain(limit: Self.perFrame) { events.append(.motionDatagram(Array($0))) }
        sockets[1]?.drain(limit: Self.perFrame) { events.append(.motionDatagram(Array($0), second: true)) }
    }
}
