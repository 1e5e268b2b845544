import Foundation
import MarbleApp
import MarbleKit
import MarbleSDL

/// The phone's motion in the window: from a DSU datagram's arrival to the first frame that
/// shows it, and the frame time while another local process floods the app's port.
///
/// The real `App` drawing on an `SDLPlatform` (dummy video, software renderer, 1280×800, hidden)
/// whose `MotionPort` owns a real UDP socket, frames started on a 60 Hz grid as in the window. A
/// DSU server on a thread of this process streams reports at 250 Hz (a DualShock 4's rate) to
/// 127.0.0.1, each stamped when sent; a datagram is shown by the frame whose poll delivered it
/// (events are handled before the update and the scene), so its latency is that frame's present
/// ending minus its sending. The flood: 100,000 datagrams a second of perfect pad data from
/// another socket to the app's port, in blocks taking turns with quiet ones.
final class MotionBench {
    static let reportRate = 250.0
    static let floodRate = 100_000.0

    let root: String
    let store: DrawingStateStore
    let window: SDLPlatform
    let server: BenchDSUServer

    init() throws {
        root = BenchWindow.scratch("motion")
        store = try DrawingStateStore(root: root, environment: .system)
        window = try BenchWindow.open("motion")
        server = try BenchDSUServer()
    }

    func cleanUp() {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    struct Result {
        var latencies: [Double] = []
        /// To the moment the frame's scene went to the renderer (present called).
        var toScene: [Double] = []
        var quiet: [Double] = []
        var flooded: [Double] = []
        var floodSent = 0
        var floodSeconds = 0.0
        var accepted = 0
    }

    /// `frames` timed frames of each kind (quiet, flooded) in alternating blocks of 100.
    func run(frames: Int) throws -> Result {
        let app = App(store: store, exportFolder: root + "/exports", overrides: RunOverrides(phones: [server.address]))
        app.startNew(mode: .fake, difficulty: .normal)
        let platform = TappedPlatform(window)
        server.start(rate: Self.reportRate)
        var result = Result()
        let period = 1 / FrameBench.rate
        var next = BenchDSUServer.now()
        func frame(timed: Bool) -> Double {
            let t0 = BenchDSUServer.now()
            FrameLoop.frame(app, on: platform)
            let t1 = BenchDSUServer.now()
            if timed {
                for n in platform.delivered {
                    guard let sent = server.sentAt(n) else { continue }
                    result.latencies.append(t1 - sent)
                    result.toScene.append(platform.presentedAt - sent)
                }
            }
            platform.delivered.removeAll(keepingCapacity: true)
            next += period
            let wait = next - BenchDSUServer.now()
            if wait > 0 { usleep(useconds_t(wait * 1e6)) } else { next = BenchDSUServer.now() }
            return t1 - t0
        }
        // Until the server is heard, then a second of settling.
        var waited = 0
        while app.phoneStatus != .connected && waited < 600 { _ = frame(timed: false); waited += 1 }
        guard app.phoneStatus == .connected else {
            throw StoreBench.Mismatch(description: "motion: the app never heard the bench's DSU server")
        }
        for _ in 0..<60 { _ = frame(timed: false) }
        var left = frames, flooding = false
        while left > 0 {
            let n = min(100, left)
            for pass in 0..<2 {
                let flood = pass == 0 ? flooding : !flooding
                if flood, let client = server.client {
                    server.startFlood(to: client, rate: Self.floodRate)
                }
                for _ in 0..<10 { _ = frame(timed: false) }
                for _ in 0..<n {
                    let f = frame(timed: !flood)
                    if flood { result.flooded.append(f) } else { result.quiet.append(f) }
                }
                if flood {
                    let (sent, seconds) = server.stopFlood()
                    result.floodSent += sent
                    result.floodSeconds += seconds
                }
            }
            flooding.toggle()
            left -= n
        }
        result.accepted = app.phoneCounts?.accepted ?? 0
        app.quit()
        return result
    }
}

/// The window, with the packet numbers of the DSU datagrams each poll delivered noted.
final class TappedPlatform: Platform {
    let inner: SDLPlatform
    var delivered: [UInt32] = []
    var presentedAt = 0.0

    init(_ inner: SDLPlatform) { self.inner = inner }

    func now() -> Double { inner.now() }
    var size: (width: Double, height: Double) { inner.size }
    func present(_ scene: Scene, canvas: Canvas?) {
        presentedAt = BenchDSUServer.now()
        inner.present(scene, canvas: canvas)
    }
    func perform(_ effect: AppEffect) { inner.perform(effect) }

    func poll() -> [UIEvent] {
        let events = inner.poll()
        for case .motionDatagram(let bytes, _) in events {
            if case .success(.padData(let p)) = DSUMessage.decode(bytes) { delivered.append(p.packetNumber) }
        }
        return events
    }
}
