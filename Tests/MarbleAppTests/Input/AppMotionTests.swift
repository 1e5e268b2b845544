import MarbleKit
import Testing
@testable import MarbleApp

/// A pad's gyro turned while no drawing is live must not colour the next one.
/// Headings compare within 1e-6°.
@Suite("App motion")
struct AppMotionTests {
    /// 100 readings 10 ms apart of counter-clockwise yaw at 0.5 rad/s, 10 a frame.
    static func turnPad(_ h: AppHarness, from t0: UInt64) {
        for f in 0..<10 {
            let events = (0..<10).map { k in
                UIEvent.gyro(pitch: 0, yaw: 0.5, roll: 0, timestampUS: t0 + UInt64(f * 10 + k) * 10_000)
            }
            h.platform.pending += events
            h.frame()
        }
    }

    @Test("Turning the pad on Home does not change the heading a new drawing starts with")
    func newDrawingStartsAtZero() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Motion Pad", accelerometer: true, gyro: true))
        Self.turnPad(h, from: 1_000_000)
        h.startDrawing()
        let session = try #require(h.session)
        #expect(abs(session.marbles[0].heading) < 1e-6, "heading \(session.marbles[0].heading)")
    }

    @Test("A continued drawing keeps its colour though the pad turned in the menus")
    func continuedDrawingKeepsHeading() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Motion Pad", accelerometer: true, gyro: true))
        h.startDrawing()
        h.hold(.e, frames: 30)
        let session = try #require(h.session)
        #expect(abs(session.marbles[0].heading - 60) < 1e-6)
        h.tap(.enter)
        h.tap(.h)
        #expect(h.app.screen == .home)
        Self.turnPad(h, from: 9_000_000)
        h.tap(.c)
        h.frame()
        let continued = try #require(h.session)
        #expect(abs(continued.marbles[0].heading - 60) < 1e-6, "heading \(continued.marbles[0].heading)")

        // While live, the gyro does turn it: 100 readings after a gap span 0.99 s.
        Self.turnPad(h, from: 20_000_000)
        #expect(abs(continued.marbles[0].heading - (60 - 0.5 * 0.99 * 180 / .pi)) < 1e-6)
    }
}
