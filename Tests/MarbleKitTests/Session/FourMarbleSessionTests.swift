import Foundation
import MarbleTestSupport
import Testing
@testable import MarbleKit

/// Up to four marbles on one canvas: they start spread evenly, never pass through or overlap
/// one another, keep their order when pushed together, part again, and replay exactly.
/// Distances are checked to 1e-6 px (settling pushes pairs apart with a few roundings).
@Suite("Session: four marbles")
struct FourMarbleSessionTests {
    static let configuration = SessionConfiguration(mode: .real, difficulty: .normal, canvasWidth: 640, canvasHeight: 400)
    static let tolerance = 1e-6

    @Test("N marbles start at k/(N+1) of the width, at mid-height", arguments: [1, 2, 3, 4])
    func start(count: Int) {
        let s = DrawingSession(marbles: count, Self.configuration)
        #expect(s.marbles.count == count)
        for (k, m) in s.marbles.enumerated() {
            let x = count == 1 ? 320.0 : Double(k + 1) * 640.0 / Double(count + 1)
            #expect(m.ball.position == Vec2(x, 200))
            #expect(s.startPosition(marble: k + 1) == m.ball.position)
        }
    }

    @Test("Four pushed together at full tilt keep every pair a diameter apart at every sample, keep their order, and part again",
          arguments: [PhysicsMode.real, .fake])
    func pushedTogether(mode: PhysicsMode) throws {
        var c = Self.configuration
        c.mode = mode
        let s = DrawingSession(marbles: 4, c)
        let diameter = 2 * c.parameters.ballRadius
        var closest = Double.infinity
        // Marbles 1 and 2 tilted right, 3 and 4 left, for 3 s; then every one away from the middle.
        for i in 0..<(6 * 60) {
            let t = Double(i) / 60
            let inward = t < 3
            let row = (0..<4).map { k -> Sample in
                let right = (k < 2) == inward
                return Sample(t: t, tilt: Vec2(right ? 1 : -1, 0), heading: Double(k) * 90, penDown: true)
            }
            try s.feed(row)
            let xs = s.marbles.map(\.ball.position.x)
            #expect(xs == xs.sorted(), "the marbles keep their order at t = \(t): \(xs)")
            for a in 0..<4 {
                for b in (a + 1)..<4 {
                    let gap = (s.marbles[a].ball.position - s.marbles[b].ball.position).length
                    closest = min(closest, gap)
                    #expect(gap >= diameter - Self.tolerance, "marbles \(a + 1) and \(b + 1) at t = \(t): \(gap) px apart")
                }
            }
        }
        #expect(closest < diameter + 2, "they met: closest \(closest) px")
        // Parted: the middle pair at least three diameters apart at the end.
        #expect((s.marbles[2].ball.position - s.marbles[1].ball.position).length > 3 * diameter)
    }

    @Test("The shipped four-marble log replays to the same canvas hash twice, each marble's paint in its own colour")
    func fourMarbleLog() throws {
        let read = try MarbleLog.read(contentsOf: Repository.replay("four-marbles.csv"), io: .system)
        #expect(read.log.marbles.count == 4)
        // Its setup lines: fake physics, normal, 1280×800.
        let c = SessionConfiguration(mode: .fake, difficulty: .normal)
        let a = try DrawingSession.replaying(read.log, configuration: c)
        let b = try DrawingSession.replaying(read.log, configuration: c)
        #expect(a.report().canvasSHA256 == b.report().canvasSHA256)
        #expect(a.marbles.count == 4)
        // Each marble's first stroke starts in its own colour, and that paint is on the canvas
        // (within 12 of 255 a channel: a pixel between two pieces blends their hues; later
        // trails cross some of the loop).
        var colours: [RGBA8] = []
        func near(_ a: RGBA8, _ b: RGBA8) -> Bool {
            abs(Int(a.r) - Int(b.r)) <= 12 && abs(Int(a.g) - Int(b.g)) <= 12 && abs(Int(a.b) - Int(b.b)) <= 12
        }
        for k in 0..<4 {
            let stroke = try #require(a.strokes.first { $0.marble == k })
            let points = Array(stroke.points.prefix(60))
            #expect(points.contains { near(a.canvas.pixel(x: Int($0.x), y: Int($0.y)), $0.color) }, "marble \(k + 1)'s paint is on the canvas")
            colours.append(points[0].color)
        }
        #expect(Set(colours.map(\.packed)).count == 4, "four colours: \(colours)")
    }

    @Test("Undo, redo and clear repaint four marbles' crossing strokes as they were painted, from pictures on the way")
    func undoRepaints() throws {
        let s = DrawingSession(marbles: 4, SessionConfiguration(mode: .fake, canvasWidth: 400, canvasHeight: 300))
        // Each marble circles; marble k lifts its pen for a moment at its own times, so strokes
        // start and end interleaved, and they cross.
        for i in 0..<(12 * 60) {
            let t = Double(i) / 60
            let row = (0..<4).map { k -> Sample in
                let a = t * (1 + 0.3 * Double(k)) + Double(k)
                let down = Int(t * 2 + Double(k)) % 5 != 0
                return Sample(t: t, tilt: Vec2(Maths.cos(a), Maths.sin(a)), heading: Double((i + k * 90) % 360), penDown: down)
            }
            try s.feed(row)
        }
        let live = s.canvas.pixelBytes
        let strokes = s.history.count
        #expect(strokes > 16)
        #expect(Set(s.strokes.map(\.marble)) == [0, 1, 2, 3])
        // Undo everything, one at a time, then redo it all: the same picture.
        for _ in 0..<strokes { #expect(s.undo()) }
        #expect(s.canvas.inkStatistics().pixels == 0)
        for _ in 0..<strokes { #expect(s.redo()) }
        let back = s.canvas.pixelBytes == live
        #expect(back, "redo gives the picture back bit for bit")
        #expect(!s.undoBases.bases.isEmpty, "pictures were kept on the way")
        // Fresh from the strokes, no pictures: the same as with them.
        let state = s.state
        let fresh = try DrawingSession(restoring: state)
        #expect(fresh.undo())
        #expect(s.undo())
        let same = fresh.canvas.pixelBytes == s.canvas.pixelBytes
        #expect(same, "an undo from pictures and one from the blank canvas agree")
        #expect(s.clearCanvas() && s.undo())
        #expect(s.canvas.pixelBytes == fresh.canvas.pixelBytes)
    }
}
