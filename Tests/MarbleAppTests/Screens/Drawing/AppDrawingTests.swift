import MarbleKit
import Testing
@testable import MarbleApp

/// Keys steering a live drawing: tilt, pen, heading, pause. Headings compare within 1e-6°
/// (60 frames of 1/60 s summed in floating point).
@Suite("App drawing")
struct AppDrawingTests {
    static let degreeTolerance = 1e-6

    @Test("Holding Right rolls the ball right and paints")
    func holdRight() throws {
        let h = try AppHarness()
        h.startDrawing()
        let session = try #require(h.session)
        let x0 = session.marbles[0].ball.position.x, y0 = session.marbles[0].ball.position.y
        let ink0 = session.canvas.inkStatistics().pixels
        h.hold(.right, frames: 30)
        #expect(session.marbles[0].ball.position.x > x0 + 5)
        #expect(abs(session.marbles[0].ball.position.y - y0) < 1e-9, "no vertical tilt, no vertical motion")
        #expect(session.canvas.inkStatistics().pixels > ink0)
        #expect(session.acceptedSamples >= 30)
    }

    @Test("Holding Space lifts the pen: the ball moves, no new ink")
    func spaceLiftsPen() throws {
        let h = try AppHarness()
        h.startDrawing()
        let session = try #require(h.session)
        h.frame(.keyDown(.right, ctrl: false, isRepeat: false))
        h.frames(10)
        h.frame(.keyDown(.space, ctrl: false, isRepeat: false))
        // The frame that pressed Space ran the physics up to it with the pen still down.
        let segments = session.segmentCount
        let ink = session.canvas.inkStatistics().pixels
        let x = session.marbles[0].ball.position.x
        #expect(!session.marbles[0].penDown)
        #expect(h.scene.layers[0].elements.contains { if case .icon(.penUp, _, _) = $0 { true } else { false } })
        h.frames(30)
        #expect(session.marbles[0].ball.position.x > x + 5, "the ball kept rolling")
        #expect(session.segmentCount == segments)
        #expect(session.canvas.inkStatistics().pixels == ink)
        h.frame(.keyUp(.space))
        h.frames(10)
        #expect(session.marbles[0].penDown)
        #expect(session.segmentCount > segments, "pen down again paints again")
    }

    @Test("E turns the heading clockwise at 120°/s, Q counter-clockwise")
    func heading() throws {
        let h = try AppHarness()
        h.startDrawing()
        let session = try #require(h.session)
        #expect(session.marbles[0].heading == 0)
        h.hold(.e, frames: 30)
        #expect(abs(session.marbles[0].heading - 60) < Self.degreeTolerance)
        h.hold(.q, frames: 45)
        #expect(abs(session.marbles[0].heading - 330) < Self.degreeTolerance, "60 − 90 wraps to 330")
        #expect(abs(h.app.controls.heading - session.marbles[0].heading) < Self.degreeTolerance)
    }

    @Test("Esc pauses (no samples, the ball stays) and Esc resumes")
    func pause() throws {
        let h = try AppHarness()
        h.startDrawing()
        let session = try #require(h.session)
        h.frame(.keyDown(.right, ctrl: false, isRepeat: false))
        h.frames(10)
        h.tap(.escape)
        #expect(h.app.paused == .user)
        #expect(h.actions.contains(.resume), "the pause layer shows")
        let samples = session.acceptedSamples
        let position = session.marbles[0].ball.position
        h.frames(20)
        #expect(session.acceptedSamples == samples)
        #expect(session.marbles[0].ball.position == position)
        h.tap(.escape)
        #expect(h.app.paused == nil)
        h.frames(5)
        #expect(session.acceptedSamples > samples)
    }
}
