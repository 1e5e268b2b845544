import Foundation
import MarbleKit
import Testing
@testable import MarbleApp

/// Mixing keys, sticks and motion into one tilt, heading and pen. Tolerance 1e-9.
@Suite("Controls")
struct ControlsTests {
    static let tolerance = 1e-9

    /// Steps `seconds` in 10 ms frames and returns the last output.
    @discardableResult
    static func run(_ c: inout Held, seconds: Double) -> ControlOutput {
        var out = c.step(dt: 0)
        for _ in 0..<Int((seconds / 0.01).rounded()) { out = c.step(dt: 0.01) }
        return out
    }

    @Test("Right-handed the left stick tilts and the right turns; left-handed they swap")
    func handedness() {
        var c = Held()
        c.pad = PadState(leftX: 1, rightY: -1)
        #expect(c.step(dt: 0.01).tilt == Vec2(1, 0))

        c.options.leftHanded = true
        c.resetHeading(0)
        c.pad = PadState(leftX: 1, rightY: -1)
        let out = Self.run(&c, seconds: 0.5)
        #expect(out.tilt == Vec2(0, 1))
        #expect(abs(out.heading - 60) < Self.tolerance)
    }

    @Test("Shoulders turn ±120°/s and swap direction when left-handed")
    func shoulders() {
        var c = Held()
        c.pad = PadState(leftShoulder: true)
        #expect(abs(Self.run(&c, seconds: 0.5).heading - 300) < Self.tolerance)
        var l = Held(options: ControlOptions(leftHanded: true))
        l.pad = PadState(leftShoulder: true)
        #expect(abs(Self.run(&l, seconds: 0.5).heading - 60) < Self.tolerance)
    }

    @Test("invertX and invertY flip the tilt")
    func inversion() {
        var c = Held(options: ControlOptions(invertX: true))
        c.keys.right = true
        #expect(Self.run(&c, seconds: 1).tilt == Vec2(-0.5, 0))
        c.options = ControlOptions(invertY: true)
        c.keys = KeyState(up: true)
        c.pad = PadState(leftX: 1)
        let t = Self.run(&c, seconds: 1).tilt
        #expect(abs(t.x - 1 / 1.25.squareRoot()) < Self.tolerance)  // (1, −0.5) capped at length 1
        #expect(abs(t.y + 0.5 / 1.25.squareRoot()) < Self.tolerance)
    }

    @Test("Sensitivity 2 doubles a small tilt (0.25 → 0.5) and caps a big one at 1")
    func sensitivity() {
        var c = Held(options: ControlOptions(sensitivity: 2))
        c.keys.right = true
        #expect(abs(c.step(dt: 0.2).tilt.x - 0.5) < Self.tolerance)
        c.keys = KeyState()
        c.pad = PadState(leftX: 0.6, leftY: 0.8)
        let t = Self.run(&c, seconds: 1).tilt
        #expect(abs(t.length - 1) < Self.tolerance)
        #expect(abs(t.x - 0.6) < Self.tolerance)
        #expect(abs(t.y + 0.8) < Self.tolerance)
    }

    @Test("South or the pen key lifts the pen")
    func pen() {
        var c = Held()
        #expect(c.step(dt: 0.01).penDown)
        c.pad = PadState(south: true)
        #expect(!c.step(dt: 0.01).penDown)
        c.pad = nil
        c.keys.penUp = true
        #expect(!c.step(dt: 0.01).penDown)
    }

    @Test("Q for 0.5 s turns 0 → −60 → 300; E turns it back")
    func keysTurn() {
        var c = Held()
        c.keys.turnLeft = true
        #expect(abs(Self.run(&c, seconds: 0.5).heading - 300) < Self.tolerance)
        c.keys = KeyState(turnRight: true)
        let back = Self.run(&c, seconds: 0.5).heading
        #expect(min(back, 360 - back) < Self.tolerance)
    }

    @Test("The heading from init is kept (and wrapped)")
    func initialHeading() {
        var c = Held(heading: 123)
        #expect(Self.run(&c, seconds: 0.5).heading == 123)
        #expect(Controls(heading: 400).heading == 40)
        c.resetHeading(-90)
        #expect(c.step(dt: 0.01).heading == 270)
    }

    @Test("Gyro yaw and E combine: 0.5 s of E (+60) and −0.5 rad/s CW yaw (+0.25·180/π)")
    func gyroAndKeysCombine() {
        var c = Held(heading: 10)
        c.pad = PadState()
        c.keys.turnRight = true
        c.gyro(pitch: 0, yaw: -0.5, roll: 0, timestampUS: 0)
        for frame in 0..<50 {
            for i in 1...10 { c.gyro(pitch: 0, yaw: -0.5, roll: 0, timestampUS: UInt64(frame * 10 + i) * 1000) }
            _ = c.step(dt: 0.01)
        }
        #expect(abs(c.heading - (10 + 60 + 0.25 * 180 / .pi)) < Self.tolerance)
    }

    @Test("Motion tilts only with a pad; gyro turn without one is not replayed later")
    func motionGating() {
        var c = Held()
        let r = 30.0 * .pi / 180
        c.accelerometer(x: -9.81 * sin(r), y: 9.81 * cos(r), z: 0, timestampUS: 0)
        #expect(c.step(dt: 0.01).tilt == .zero)
        c.pad = PadState()
        #expect(abs(c.step(dt: 0.01).tilt.x - 0.5) < Self.tolerance)
        c.setNeutral()
        #expect(c.step(dt: 0.01).tilt.length < Self.tolerance)

        c.pad = nil
        c.gyro(pitch: 0, yaw: 1, roll: 0, timestampUS: 0)
        c.gyro(pitch: 0, yaw: 1, roll: 0, timestampUS: 50_000)
        #expect(c.step(dt: 0.01).heading == 0)
        c.pad = PadState()
        #expect(c.step(dt: 0.01).heading == 0)
    }
}

/// Controls with the keys and pad held beside them, handed to each step as `InputState` does.
struct Held {
    var controls: Controls
    var keys = KeyState()
    var pad: PadState?

    /// The player's options, handed to each step as the app hands the settings' own.
    var options: ControlOptions

    init(heading: Double = 0, options: ControlOptions = .default) {
        controls = Controls(heading: heading)
        self.options = options
    }

    var heading: Double { controls.heading }

    mutating func step(dt: Double) -> ControlOutput { controls.step(dt: dt, keys: keys, pad: pad, options: options) }
    mutating func resetHeading(_ degrees: Double) { controls.resetHeading(degrees) }
    mutating func setNeutral() { controls.setNeutral() }
    mutating func gyro(pitch: Double, yaw: Double, roll: Double, timestampUS: UInt64) {
        controls.gyro(pitch: pitch, yaw: yaw, roll: roll, timestampUS: timestampUS)
    }
    mutating func accelerometer(x: Double, y: Double, z: Double, timestampUS: UInt64) {
        controls.accelerometer(x: x, y: y, z: z, timestampUS: timestampUS)
    }
}
