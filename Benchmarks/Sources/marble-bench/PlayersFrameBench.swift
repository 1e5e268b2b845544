import Foundation
import MarbleApp
import MarbleKit
import MarbleSDL

/// The window's whole frame with four players against one, in the same run (issue 30: p99 at
/// most 1.1× one player's).
///
/// Two real `App`s, each on a hidden window of its own (`BenchWindow`: dummy video, software
/// renderer, 1280×800) with its own store: a new drawing of one player and one of four (fake
/// physics, normal), every player a phone, pad k of a `BenchDSUServer` of the app's own
/// streaming 250 reports a second a pad to 127.0.0.1 (a slow circle of tilt, each pad a
/// quarter turn on, turning). A frame is `FrameLoop.frame` of the app: the datagrams polled,
/// every marble fed and painted, the autosave when due, the controls, dials and tool columns
/// of every player, the canvas and the balls presented. The apps take turns in blocks of 100
/// timed frames, each after 10 untimed ones, frames started on a 60 Hz grid. After each frame
/// the app not being timed runs one frame too, untimed: left alone for a block, its phones
/// fell silent to it (their datagrams piled up in its socket, and it showed "the phone is
/// back" notices over the canvas in the frames then timed).
///
/// `MarblesFrameBench` measures the stricter thing: only the part of a frame that grows with
/// the marbles, without the controls.
final class PlayersFrameBench {
    /// One app, its window, store and phones' server, and its frames.
    final class Seat {
        let players: Int
        let root: String
        let window: SDLPlatform
        let server: BenchDSUServer
        let app: App
        var frames: [Double] = []
        var cpu: [Double] = []

        init(players: Int) throws {
            self.players = players
            root = BenchWindow.scratch("players-\(players)")
            let store = try DrawingStateStore(root: root, environment: .system)
            window = try BenchWindow.open("players-\(players)")
            server = try BenchDSUServer(pads: players)
            app = App(store: store, exportFolder: root + "/exports",
                      overrides: RunOverrides(phones: Array(repeating: server.address, count: players)))
            app.startNew(mode: .fake, difficulty: .normal, marbles: players)
            server.start(rate: MotionBench.reportRate)
        }

        /// Whether every marble is rolling (each phone heard).
        var rolling: Bool {
            guard let marbles = app.drawing?.session.marbles, marbles.count == players else { return false }
            return marbles.allSatisfy { $0.ball.velocity != .zero }
        }

        func cleanUp() {
            app.quit()
            server.stop()
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    /// The measurement: one player and four, `frames` timed frames each; their p99s and the ratio.
    static func run(frames: Int, into report: inout Report) throws {
        let one = try Seat(players: 1), four = try Seat(players: 4)
        defer { one.cleanUp(); four.cleanUp() }
        print("players: the window's App (controls and all) with 1 and with 4 players, each a phone (pad k of a DSU server "
            + "at 250 Hz), hidden \(FrameBench.width)×\(FrameBench.height) windows (SDL dummy driver, \(one.window.rendererName) renderer); "
            + "\(frames) frames each, started at 60 Hz, taking turns in blocks of 100")
        var pacer = FramePacer()
        func frame(_ seat: Seat, timed: Bool, beside other: Seat? = nil) {
            let cpu = StoreBench.threadCPU()
            let t = Timing.seconds { FrameLoop.frame(seat.app, on: seat.window) }
            if timed {
                seat.frames.append(t)
                seat.cpu.append(StoreBench.threadCPU() - cpu)
            }
            if let other { FrameLoop.frame(other.app, on: other.window) }
            pacer.wait()
        }
        // Until every phone is heard and every marble rolls (at most 20 s), then a second more.
        for seat in [one, four] {
            var waited = 0
            while !seat.rolling && waited < 1200 { frame(seat, timed: false); waited += 1 }
            guard seat.rolling else {
                throw StoreBench.Mismatch(description: "players: the app of \(seat.players) never had every marble rolling")
            }
            for _ in 0..<60 { frame(seat, timed: false) }
        }
        // The seat not being timed runs a frame after each timed one: its phones never fall silent to it.
        let seats = [one, four]
        FrameTurns.run(seats.count, frames: frames) { i, timed in frame(seats[i], timed: timed, beside: seats[1 - i]) }
        let segments = four.app.drawing?.session.strokes.reduce(into: Set<Int>()) { $0.insert($1.marble) }.count ?? 0
        guard segments == 4 else { throw StoreBench.Mismatch(description: "players: \(segments) of 4 marbles painted") }
        let a = FrameStats(one.frames), b = FrameStats(four.frames), ac = FrameStats(one.cpu), bc = FrameStats(four.cpu)
        print("Window frame, 1 player: \(a.text(one.frames.count))")
        print("Window frame, 4 players: \(b.text(four.frames.count))")
        print("  ratio \(String(format: "%.2f", b.p99 / a.p99)) p99 (goal ≤ 1.1), \(String(format: "%.2f", b.median / a.median)) median; "
            + "CPU time p99 \(String(format: "%.3f", ac.p99 * 1000)) and \(String(format: "%.3f", bc.p99 * 1000)) ms, "
            + "ratio \(String(format: "%.2f", bc.p99 / ac.p99))")
        report.add("frame_ms_p99_window_1_player", a.p99 * 1000, digits: 3)
        report.add("frame_ms_p99_window_4_players", b.p99 * 1000, digits: 3)
        report.add("frame_ms_ratio_window_4_vs_1_player", b.p99 / a.p99, digits: 2)
        report.add("frame_ms_median_window_1_player", a.median * 1000, digits: 3)
        report.add("frame_ms_median_window_4_players", b.median * 1000, digits: 3)
    }
}
