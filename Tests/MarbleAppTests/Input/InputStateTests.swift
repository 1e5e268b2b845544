import MarbleKit
import Testing
@testable import MarbleApp

/// The one copy of held input, and what the controls read off it.
@Suite("Input state")
struct InputStateTests {
    @Test("Left and A both tilt left: releasing one keeps the other held")
    func twoKeysOneDirection() {
        var i = InputState()
        i.keyDown(.left, live: true)
        i.keyDown(.a, live: true)
        i.keyUp(.left)
        #expect(i.keyState(player: 0) == KeyState(left: true))
        i.keyUp(.a)
        #expect(i.keyState(player: 0) == KeyState())
    }

    @Test("Space lifts the pen only when pressed while the drawing is live")
    func penHold() {
        var i = InputState()
        var c = Controls()
        i.keyDown(.space, live: false)        // the Space that chose Start
        #expect(!i.keyState(player: 0).penUp)
        var out = c.step(dt: 0.01, keys: i.keyState(player: 0))
        #expect(out.penDown)
        i.keyUp(.space)
        i.keyDown(.space, live: true)
        #expect(i.keyState(player: 0).penUp)
        out = c.step(dt: 0.01, keys: i.keyState(player: 0))
        #expect(!out.penDown)
        i.releaseKeys()                       // the window lost the keyboard
        #expect(i.keyState(player: 0) == KeyState())
    }

    @Test("No pad, no pad state; a new pad starts at rest; a pad's buttons are its own")
    func padLifecycle() {
        var i = InputState()
        i.buttonDown(.south, on: .pad(1), live: true)
        #expect(i.padState(player: 0) == nil, "buttons without a pad are ignored")
        i.padAdded(1, name: "One", hasMotion: false)
        i.buttonDown(.south, on: .pad(1), live: true)
        i.buttonDown(.rightShoulder, on: .pad(1), live: true)
        _ = i.sticksMoved(InputState.Sticks(leftX: 1), on: .pad(1), live: true)
        #expect(i.padState(player: 0) == PadState(leftX: 1, rightShoulder: true, south: true))
        i.padAdded(2, name: "Two", hasMotion: true)
        #expect(i.padState(player: 0) == PadState(leftX: 1, rightShoulder: true, south: true), "a child alone has both pads")
        i.padRemoved(1)
        #expect(i.padState(player: 0) == PadState(), "the other pad, at rest")
        #expect(i.state(of: .pad(2))?.name == "Two")
        i.padRemoved(2)
        #expect(i.padState(player: 0) == nil)
    }

    @Test("A stick moves focus once per push past 0.6, and not while drawing")
    func stickLatch() {
        var i = InputState()
        i.padAdded(0, name: "Pad", hasMotion: false)
        #expect(Self.move(&i, InputState.Sticks(leftX: 0.7), live: false) == .right)
        #expect(Self.move(&i, InputState.Sticks(leftX: 0.9), live: false) == nil)
        #expect(Self.move(&i, InputState.Sticks(leftX: 0.1), live: false) == nil)
        #expect(Self.move(&i, InputState.Sticks(leftY: -0.8), live: false) == .up)
        #expect(Self.move(&i, InputState.Sticks(leftX: 0.1), live: true) == nil)
        #expect(Self.move(&i, InputState.Sticks(leftX: -0.9), live: true) == nil)
    }

    static func move(_ i: inout InputState, _ sticks: InputState.Sticks, live: Bool) -> Direction? {
        i.sticksMoved(sticks, on: .pad(0), live: live)
    }

    @Test("The frame clock caps a stall at 0.25 s and restarts at 0")
    func frameClock() {
        var c = FrameClock()
        let steps = [c.tick(10), c.tick(10.016), c.tick(20), c.tick(19)]
        #expect(steps[0] == 0)
        #expect(abs(steps[1] - 0.016) < 1e-12)
        #expect(steps[2] == FrameTime.maxStep)
        #expect(steps[3] == 0, "a clock going back steps nothing")
        c.restart()
        let first = c.tick(50)
        #expect(first == 0)
    }

    @Test("Tilt is clamped by one rule: the session's")
    func oneTiltClamp() {
        #expect(Sample.clampedTilt(Vec2(3, 4)) == Vec2(0.6, 0.8))
        #expect(Sample.clampedTilt(Vec2(0.3, 0.4)) == Vec2(0.3, 0.4))
        #expect(Sample.clampedTilt(Vec2(.nan, 0)) == .zero)
        #expect(Sample.clampedTilt(Vec2(1e308, 1e308)).length <= 1)
    }
}
