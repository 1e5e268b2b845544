import Foundation
import MarbleApp
import MarbleKit
import MarbleSDL

/// The frame of a new drawing of four marbles against one of one marble, in the same run.
///
/// The real `App` seats players 3 and 4 only on pads or phones, which the bench does not drive, so
/// this measures the part of the app's frame that grows with the marbles, in the frame measurement's
/// hidden window: `FrameLoop.frame` runs a `LoopClient` of the bench's own on a stored drawing
/// (fake physics, normal, 1280×800, saved as the window saves: `SavePolicy.window`). A frame is
/// the events polled, one row fed (a `TiltWalk` sample a marble, seeds +0 … +3, 60 Hz, full
/// tilt: every ball keeps moving at 450 px/s), the autosave when due (every 30 frames), and a
/// scene of the canvas fitted into the window (1280×800 in 1280×800: 1:1) with each marble's
/// ball presented: the canvas's area changed since the texture's last revision
/// uploaded, drawn, `SDL_RenderPresent`. Not in it: the app's controls, buttons and texts, the
/// same whatever the marbles. Frames start on a 60 Hz grid; the two drawings take turns in
/// blocks of 100 timed frames, as in `FrameBench`.
final class MarblesFrameBench {
    let root: String
    let store: DrawingStateStore
    let platform: SDLPlatform

    init() throws {
        root = BenchWindow.scratch("marbles")
        store = try DrawingStateStore(root: root, environment: .system)
        platform = try BenchWindow.open("marbles")
    }

    func cleanUp() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A new drawing of `marbles` marbles and its frames.
    final class Client: LoopClient {
        let drawing: StoredDrawing
        var walks: [TiltWalk]
        var row: [Sample] = []
        var width = Double(FrameBench.width), height = Double(FrameBench.height)
        var frames: [Double] = []
        var cpu: [Double] = []
        /// Whether each timed frame autosaved, and whether the frame just run did.
        var savedFrames: [Bool] = []
        var saved = false
        /// Each timed frame's `update` (the row fed, the autosave when due), and the last one's.
        var updates: [Double] = []
        var updated = 0.0
        /// Segments before and after the timed frames, and the frames run in between.
        var segmentsBefore = 0, segmentsAfter = 0, framesBetween = 0

        init(drawing: StoredDrawing, seed: UInt64) {
            self.drawing = drawing
            walks = (0..<drawing.session.marbles.count).map { TiltWalk(seed: seed &+ UInt64($0), penLiftEvery: 60) }
            row.reserveCapacity(walks.count)
        }

        func resize(width: Double, height: Double) {
            self.width = width
            self.height = height
        }

        func handle(_ event: UIEvent) {}

        /// Feeds the next row (every walk moves in step, so the row's times agree) and autosaves when due.
        func update(now: Double) {
            updated = Timing.seconds {
                row.removeAll(keepingCapacity: true)
                for k in walks.indices { row.append(walks[k].next()) }
                do {
                    try drawing.feed(row)
                    saved = try drawing.saveIfDue()
                } catch {
                    fatalError("marbles: the drawing of \(row.count) stopped: \(error)")
                }
            }
        }

        /// The canvas fitted into the window, and every marble's ball on it.
        func scene(width: Double, height: Double) -> Scene {
            let session = drawing.session
            let rect = Rect(x: 0, y: 0, w: width, h: height)
                .fitting(width: Double(session.canvas.width), height: Double(session.canvas.height))
            let scale = rect.w / Double(session.canvas.width)
            let radius = max(3, session.configuration.parameters.ballRadius * scale)
            var elements: [Element] = [.canvas(rect)]
            for m in session.marbles {
                let p = m.ball.position
                elements.append(.ball(center: Point(rect.x + p.x * scale, rect.y + p.y * scale), radius: radius,
                                      color: m.color, penDown: m.penDown))
            }
            return Scene(layers: [Layer(elements: elements)])
        }

        var canvas: Canvas? { drawing.session.canvas }
        func takeEffects() -> [AppEffect] { [] }
        var finished: Bool { false }
        func quit() {}
    }

    /// A new drawing of `marbles` marbles (fake physics, normal), saved as the window saves,
    /// over `board` if given.
    func newDrawing(marbles: Int, seed: UInt64, board: Board? = nil) throws -> Client {
        var c = StoreBench.configuration
        c.marbles = marbles
        return Client(drawing: try store.create(configuration: c, title: "marble-bench \(marbles) marbles", board: board, policy: .window),
                      seed: seed)
    }

    /// Frames of the clients in alternating blocks of `block` timed frames (each after `settle`
    /// untimed ones: switching drawings uploads a whole canvas); `warmup` untimed frames of each
    /// first. Closes the drawings.
    /// `onBlock` is told which client's block (settle and timed frames) comes next.
    func measure(_ clients: [Client], frames: Int, warmup: Int, block: Int = 100, settle: Int = 10,
                 onBlock: (Int) -> Void = { _ in }) throws {
        var pacer = FramePacer()
        var counted = Array(repeating: 0, count: clients.count)

        func frame(_ i: Int) -> (seconds: Double, cpu: Double) {
            let cpu = StoreBench.threadCPU()
            let t = Timing.seconds { FrameLoop.frame(clients[i], on: platform) }
            let used = StoreBench.threadCPU() - cpu
            counted[i] += 1
            pacer.wait()
            return (t, used)
        }

        sync()
        for i in clients.indices {
            for _ in 0..<warmup { _ = frame(i) }
            clients[i].segmentsBefore = clients[i].drawing.session.segmentCount
            clients[i].framesBetween = -counted[i]
        }
        FrameTurns.run(clients.count, frames: frames, block: block, settle: settle, onBlock: onBlock) { i, timed in
            let f = frame(i)
            guard timed else { return }
            clients[i].frames.append(f.seconds)
            clients[i].cpu.append(f.cpu)
            clients[i].savedFrames.append(clients[i].saved)
            clients[i].updates.append(clients[i].updated)
        }
        for i in clients.indices {
            clients[i].segmentsAfter = clients[i].drawing.session.segmentCount
            clients[i].framesBetween += counted[i]
            try clients[i].drawing.close()
        }
    }

    /// The measurement: a new drawing of one marble and one of four, their frames' p99s and the ratio.
    static func run(frames: Int, warmup: Int, seed: UInt64, into report: inout Report) throws {
        let bench = try MarblesFrameBench()
        defer { bench.cleanUp() }
        print("marbles: new drawings of 1 and of 4 marbles in a hidden \(FrameBench.width)×\(FrameBench.height) window "
            + "(SDL dummy driver, \(bench.platform.rendererName) renderer), FrameLoop.frame of a bench client: "
            + "a row fed, the autosave when due, the canvas and the balls presented; \(frames) frames after \(warmup), "
            + "started at 60 Hz, taking turns in blocks of 100")
        let one = try bench.newDrawing(marbles: 1, seed: seed), four = try bench.newDrawing(marbles: 4, seed: seed)
        try bench.measure([one, four], frames: frames, warmup: warmup)
        let a = FrameStats(one.frames), b = FrameStats(four.frames)
        let ac = FrameStats(one.cpu), bc = FrameStats(four.cpu)
        func painted(_ c: Client) -> String {
            String(format: "%.1f segments painted a frame", Double(c.segmentsAfter - c.segmentsBefore) / Double(c.framesBetween))
        }
        print("Session frame, 1 marble: \(a.text(one.frames.count)); \(painted(one))")
        print("Session frame, 4 marbles: \(b.text(four.frames.count)); \(painted(four))")
        for c in [one, four] {
            let n = c.drawing.session.marbles.count
            let saving = FrameStats(zip(c.frames, c.savedFrames).filter(\.1).map(\.0))
            let other = FrameStats(zip(c.frames, c.savedFrames).filter { !$0.1 }.map(\.0))
            print(String(format: "  %d marble(s): frames that autosaved median %.3f ms (p99 %.3f), the others median %.3f ms (p99 %.3f)",
                         n, saving.median * 1000, saving.p99 * 1000, other.median * 1000, other.p99 * 1000))
            // Painting is lazy: the pieces fed are painted when the upload reads the canvas, in the rest.
            let others = zip(c.updates, c.savedFrames).filter { !$0.1 }
            let fed = FrameStats(others.map(\.0))
            let rest = FrameStats(zip(c.frames, c.updates).enumerated().filter { !c.savedFrames[$0.offset] }.map { $0.element.0 - $0.element.1 })
            print(String(format: "    of the others: the row fed median %.1f µs (p99 %.1f); the rest (events, painting, upload, "
                         + "SDL's drawing, present) median %.1f µs (p99 %.1f)", fed.median * 1e6, fed.p99 * 1e6, rest.median * 1e6, rest.p99 * 1e6))
        }
        print("  ratio \(String(format: "%.2f", b.p99 / a.p99)) p99 (goal ≤ 1.1), \(String(format: "%.2f", b.median / a.median)) median; "
            + "CPU time: \(ac.text(one.cpu.count)) 1, \(bc.text(four.cpu.count)) 4, ratio \(String(format: "%.2f", bc.p99 / ac.p99)) p99")
        // The floor: only the balls' restore and copy, one against four, after the frames.
        let floor = BallFloorBench.run(frames: frames / 2)
        let extra = floor.four.median - floor.one.median, extraP99 = floor.four.p99 - floor.one.p99
        print(String(format: "  floor (BallFloorBench: each ball's old rectangle restored and its picture copied, plain row copies, "
                     + "nothing else): 1 ball median %.1f µs (p99 %.1f), 4 balls median %.1f µs (p99 %.1f); the three more balls' "
                     + "floor alone %.1f µs median, %.1f µs p99: %.0f%% and %.0f%% of one marble's frame (the goal leaves 10%% at p99)",
                     floor.one.median * 1e6, floor.one.p99 * 1e6, floor.four.median * 1e6, floor.four.p99 * 1e6,
                     extra * 1e6, extraP99 * 1e6, 100 * extra / a.median, 100 * extraP99 / a.p99))
        report.add("floor_us_median_1_ball", floor.one.median * 1e6, digits: 1)
        report.add("floor_us_median_4_balls", floor.four.median * 1e6, digits: 1)
        report.add("floor_us_p99_4_balls", floor.four.p99 * 1e6, digits: 1)
        report.add("floor_extra_share_of_frame_p99", extraP99 / a.p99, digits: 2)
        report.add("frame_ms_p99_session_1_marble", a.p99 * 1000, digits: 3)
        report.add("frame_ms_p99_session_4_marbles", b.p99 * 1000, digits: 3)
        report.add("frame_ms_ratio_4_vs_1_marble", b.p99 / a.p99, digits: 2)
        report.add("frame_ms_median_session_1_marble", a.median * 1000, digits: 3)
        report.add("frame_ms_median_session_4_marbles", b.median * 1000, digits: 3)
        report.add("frame_cpu_ms_p99_session_1_marble", ac.p99 * 1000, digits: 3)
        report.add("frame_cpu_ms_p99_session_4_marbles", bc.p99 * 1000, digits: 3)
    }
}
