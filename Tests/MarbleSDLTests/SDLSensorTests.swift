import CSDL2
import Foundation
import MarbleKit
import Testing
@testable import MarbleApp
@testable import MarbleSDL

extension SDLTests {
    /// Motion through pushed SDL_CONTROLLERSENSORUPDATE events (SDL2 has no virtual sensors).
    /// The app uses motion only while a pad is connected, so a virtual pad is attached first.
    ///
    /// Tolerances: tilt 1e-6 g (readings pass through `Float`); heading 1e-6° (100 gyro
    /// steps of 10 ms summed in `Double`); drift 0.01°, against 1.15° for an unlearned bias.
    @Suite("Sensors")
    struct Sensors {
        static let g: Float = 9.81
        static let roll = 20.0 * Double.pi / 180

        /// A new drawing with a virtual pad attached.
        static func drawingWithPad() throws -> (SDLHarness, VirtualPad, ReadOnlySession) {
            let h = try SDLHarness()
            let pad = try VirtualPad()
            h.frame()
            try #require(h.app.padName != nil)
            h.startDrawing()
            return (h, pad, try #require(h.session))
        }

        @Test("Accelerometer rolled right tilts right and the ball rolls right")
        func tiltRight() throws {
            let (h, pad, session) = try Self.drawingWithPad()
            defer { pad.detach() }
            let x0 = session.marbles[0].ball.position.x, y0 = session.marbles[0].ball.position.y
            let ax = -Self.g * Float(sin(Self.roll)), ay = Self.g * Float(cos(Self.roll))
            for i in 0..<30 {
                h.sensor(SDL_SENSOR_ACCEL, ax, ay, 0, us: 1_000_000 + UInt64(i) * 16_667)
                h.frame()
            }
            #expect(abs(h.app.controls.motion.tilt.x - sin(Self.roll)) < 1e-6)
            #expect(abs(h.app.controls.motion.tilt.y) < 1e-6)
            #expect(session.marbles[0].ball.position.x > x0 + 5)
            #expect(abs(session.marbles[0].ball.position.y - y0) < 0.5)
        }

        @Test("Constant counter-clockwise yaw for 1 s lowers the heading by yaw·180/π degrees")
        func gyroHeading() throws {
            let (h, pad, session) = try Self.drawingWithPad()
            defer { pad.detach() }
            let yaw: Float = 0.5
            let start = session.marbles[0].heading
            // 101 readings 10 ms apart: 1 s integrated, spread over 10 frames.
            for frame in 0..<10 {
                for k in 0..<(frame == 0 ? 11 : 10) {
                    let i = frame == 0 ? k : frame * 10 + 1 + k
                    h.sensor(SDL_SENSOR_GYRO, 0, yaw, 0, us: 5_000_000 + UInt64(i) * 10_000)
                }
                h.frame()
            }
            let expected = HeadingColor.normalized(start - Double(yaw) * 180 / .pi)
            #expect(abs(session.marbles[0].heading - expected) < 1e-6, "heading \(session.marbles[0].heading), expected \(expected)")
            #expect(!h.app.controls.motion.biasLearned, "turning is not resting")
        }

        @Test("Still readings with a gyro bias: the bias is learned and the heading stops drifting")
        func biasLearning() throws {
            let (h, pad, session) = try Self.drawingWithPad()
            defer { pad.detach() }
            let bias: Float = 0.02
            var t: UInt64 = 2_000_000
            func still(seconds: Int) {
                for _ in 0..<(seconds * 10) {
                    for _ in 0..<10 {
                        h.sensor(SDL_SENSOR_ACCEL, 0, Self.g, 0, us: t)
                        h.sensor(SDL_SENSOR_GYRO, 0, bias, 0, us: t)
                        t += 10_000
                    }
                    h.frame()
                }
            }
            still(seconds: 1)
            #expect(h.app.controls.motion.biasLearned)
            #expect(abs(h.app.controls.motion.bias.yaw - Double(bias)) < 1e-6)
            let settled = session.marbles[0].heading
            still(seconds: 1)
            let drift = abs(session.marbles[0].heading - settled)
            #expect(drift < 0.01, "drifted \(drift)° in 1 s; an unlearned bias drifts 1.15°")
        }

        @Test("The pad's Back button makes the current pose neutral: tilt zero")
        func neutral() throws {
            let (h, pad, _) = try Self.drawingWithPad()
            defer { pad.detach() }
            let ax = -Self.g * Float(sin(Self.roll)), ay = Self.g * Float(cos(Self.roll))
            for i in 0..<5 {
                h.sensor(SDL_SENSOR_ACCEL, ax, ay, 0, us: 1_000_000 + UInt64(i) * 10_000)
                h.frame()
            }
            #expect(abs(h.app.controls.motion.tilt.x - sin(Self.roll)) < 1e-6)
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_BACK, true)
            h.frame()
            try VirtualPad.button(h, SDL_CONTROLLER_BUTTON_BACK, false)
            #expect(abs(h.app.controls.motion.tilt.x) < 1e-6)
            #expect(abs(h.app.controls.motion.tilt.y) < 1e-6)
            #expect(h.app.notice?.contains("Tilt reset") == true)
            // Rolling back to flat now reads as a roll to the left.
            for i in 5..<30 {
                h.sensor(SDL_SENSOR_ACCEL, 0, Self.g, 0, us: 1_000_000 + UInt64(i) * 10_000)
                h.frame()
            }
            #expect(h.app.controls.motion.tilt.x < -0.2)
        }
    }
}
