import Foundation
import MarbleKit
import Testing
@testable import MarbleApp

@Suite("Page phones: seats and readings")
struct PagePhonesTests {
    @Test("A seat a player, each token fresh; let go withdraws it and offers its player a new one at the end")
    func seats() {
        var pages = PagePhones()
        #expect(pages.seats.map(\.player) == [0, 1, 2, 3])
        let old = pages[1].token
        pages.letGo(1)
        #expect(pages.list.count == 5 && pages[1].withdrawn && pages[4].player == 1)
        #expect(pages.seats.map(\.player) == [0, 2, 3, 1] && !pages.seats.map(\.token).contains(old))
        #expect(pages.index(of: old) == nil && pages.index(player: 1) == 4)
    }

    @Test("The page's axes to the pad's: flat reads the pad's flat, no tilt; right edge down rolls right; top edge down rolls up")
    func axes() {
        func tilt(_ g: (x: Double, y: Double, z: Double)) -> Vec2 {
            var tracker = MotionTracker()
            let a = PageHarness.reading(0, gravity: g).padAccelerometer
            tracker.accelerometer(x: a.x, y: a.y, z: a.z, timestampUS: 0)
            return tracker.tilt
        }
        #expect(PageHarness.reading(0).padAccelerometer == Vec3(0, 9.81, 0))
        #expect(tilt((0, 0, 9.81)) == .zero)
        let s = sin(20 * Double.pi / 180)
        let right = tilt(PageHarness.rightEdgeDown(20)), up = tilt(PageHarness.topEdgeDown(20))
        #expect(abs(right.x - s) < 1e-12 && abs(right.y) < 1e-12)
        #expect(abs(up.y - s) < 1e-12 && abs(up.x) < 1e-12)
        let g = PageHarness.reading(0, rotation: (alpha: 180, beta: 90, gamma: 45)).padGyro
        #expect(abs(g.yaw - .pi) < 1e-12 && abs(g.pitch - .pi / 2) < 1e-12 && abs(g.roll + .pi / 4) < 1e-12)
    }

    @Test("The compass turns by the shorter way round, takes over from the gyro's yaw, and after a gap starts again")
    func compass() {
        var t = MotionTracker()
        t.compass(degrees: 350, timestampUS: 0)
        #expect(t.turned == 0)
        t.compass(degrees: 10, timestampUS: 100_000)
        #expect(abs(t.turned - 20) < 1e-9)
        t.gyro(pitch: 0, yaw: 1, roll: 0, timestampUS: 100_000)
        t.gyro(pitch: 0, yaw: 1, roll: 0, timestampUS: 150_000)
        #expect(abs(t.turned - 20) < 1e-9, "the gyro's yaw is not added while the compass reads")
        t.compass(degrees: 340, timestampUS: 200_000)
        #expect(abs(t.turned - -10) < 1e-9)
        // A second later the compass has stopped: the gyro turns again, and the next compass
        // reading only sets where the next is measured from.
        t.gyro(pitch: 0, yaw: 0, roll: 0, timestampUS: 1_200_000)
        t.gyro(pitch: 0, yaw: -1, roll: 0, timestampUS: 1_250_000)
        #expect(abs(t.turned - (-10 + 0.05 * 180 / .pi)) < 1e-9)
        let before = t.turned
        t.compass(degrees: 90, timestampUS: 1_300_000)
        #expect(t.turned == before)
    }
}
