import Testing
@testable import MarbleKit

/// Two marbles meeting (`Kinematics.meet`), against the closed forms of a collision of equal
/// masses: momentum kept, the closing speed reversed and scaled by the restitution, the
/// tangential speeds untouched. Tolerance: 1e-9 (px, px/s), a few ulps of the values involved.
@Suite("Physics: two marbles meeting")
struct MeetingTests {
    static let tolerance = 1e-9
    static let parameters = PhysicsParameters(accelPerTilt: 750, speedPerTilt: 450, damping: 0,
                                              restitution: 0.5, ballRadius: 16, penWidth: 10)

    static func kinematics(_ mode: PhysicsMode = .real, restitution: Double = 0.5, dt: Double = 1.0 / 240) -> Kinematics {
        var p = parameters
        p.restitution = restitution
        return Kinematics(mode: mode, parameters: p, dt: dt, canvasWidth: 1280, canvasHeight: 800)
    }

    /// Steps both marbles (no tilt: they coast) and resolves their meeting, as a session does.
    static func step(_ k: Kinematics, _ a: inout BallState, _ b: inout BallState) -> Double {
        let a0 = a.position, b0 = b.position
        k.step(&a, tilt: .zero)
        k.step(&b, tilt: .zero)
        return k.meet(&a, &b, from: a0, b0)
    }

    static func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= tolerance * max(1, abs(y)) }

    @Test("Head on at equal speeds: both come back at e times their speed", arguments: [0.0, 0.5, 1.0])
    func headOn(e: Double) {
        let k = Self.kinematics(restitution: e)
        var a = BallState(position: Vec2(600, 400), velocity: Vec2(300, 0))
        var b = BallState(position: Vec2(634, 400), velocity: Vec2(-300, 0))
        let impact = Self.step(k, &a, &b)
        #expect(Self.close(impact, 600))
        #expect(Self.close(a.velocity.x, -300 * e) && a.velocity.y == 0)
        #expect(Self.close(b.velocity.x, 300 * e) && b.velocity.y == 0)
        #expect((b.position - a.position).length >= 32 - Self.tolerance)
    }

    @Test("One at rest: it takes (1 + e)/2 of the speed, the other keeps (1 − e)/2; momentum is kept", arguments: [0.0, 0.3, 0.8, 1.0])
    func oneAtRest(e: Double) {
        let k = Self.kinematics(restitution: e)
        var a = BallState(position: Vec2(500, 300), velocity: Vec2(480, 0))
        var b = BallState(position: Vec2(533, 300))
        #expect(Self.step(k, &a, &b) > 0)
        #expect(Self.close(a.velocity.x, 480 * (1 - e) / 2))
        #expect(Self.close(b.velocity.x, 480 * (1 + e) / 2))
        #expect(Self.close(a.velocity.x + b.velocity.x, 480))
    }

    @Test("A glancing meeting changes only the speeds along the line between the centres")
    func glancing() {
        let k = Self.kinematics(restitution: 0.5)
        // a touches b from above-left (the line between them at 45°), moving right.
        let n = Vec2(-1, -1) * (1 / 2.0.squareRoot())
        var b = BallState(position: Vec2(700, 400))
        var a = BallState(position: Vec2(700, 400) + 32 * n, velocity: Vec2(240, 0))
        let before = (a.velocity, b.velocity)
        #expect(Self.step(k, &a, &b) > 0)
        // Momentum.
        #expect(Self.close(a.velocity.x + b.velocity.x, before.0.x + before.1.x))
        #expect(Self.close(a.velocity.y + b.velocity.y, before.0.y + before.1.y))
        // Along the line: closing at 240/√2, then apart at 0.5 of that; across it, unchanged.
        let tangent = Vec2(1, -1) * (1 / 2.0.squareRoot())
        func along(_ v: Vec2, _ u: Vec2) -> Double { v.x * u.x + v.y * u.y }
        #expect(Self.close(along(a.velocity - b.velocity, n), 0.5 * 240 / 2.0.squareRoot()))
        #expect(Self.close(along(a.velocity, tangent), along(before.0, tangent)))
        #expect(Self.close(along(b.velocity, tangent), along(before.1, tangent)))
    }

    @Test("At any speed neither passes through the other: the meeting is found along the step",
          arguments: [1e3, 1e5, 1e7], [PhysicsMode.real, .fake])
    func noTunnelling(speed: Double, mode: PhysicsMode) {
        // A step in which each goes 90 px: moved as far as it takes them, they would end past
        // each other (600 + 90 > 700 − 90), whatever the speed.
        let k = Self.kinematics(mode, dt: 90 / speed)
        var a = BallState(position: Vec2(600, 400), velocity: Vec2(speed, 0))
        var b = BallState(position: Vec2(700, 400), velocity: Vec2(-speed, 0))
        let a0 = a.position, b0 = b.position
        a.position = a0 + k.dt * a.velocity
        b.position = b0 + k.dt * b.velocity
        #expect(a.position.x > b.position.x)
        #expect(k.meet(&a, &b, from: a0, b0) > 0)
        #expect(a.position.x < b.position.x, "marble 1 stays on its side")
        #expect((b.position - a.position).length >= 32 - Self.tolerance)
        #expect(a.velocity.x <= 0 && b.velocity.x >= 0, "nothing still closing")
    }

    @Test("Driven at each other at full tilt for 10 s, they never overlap, in both physics", arguments: [PhysicsMode.real, .fake])
    func drivenTogether(mode: PhysicsMode) {
        var p = Self.parameters
        p.damping = 0.6
        let k = Kinematics(mode: mode, parameters: p, dt: 1.0 / 240, canvasWidth: 1280, canvasHeight: 800)
        var a = BallState(position: Vec2(1280.0 / 3, 400)), b = BallState(position: Vec2(2 * 1280.0 / 3, 400))
        var meetings = 0, closest = Double.infinity
        for i in 0..<2400 {
            // Each pushed at the other, both a little up or down, changing every 2 s.
            let wobble = Double((i / 480) % 3 - 1) * 0.2
            let a0 = a.position, b0 = b.position
            k.step(&a, tilt: Vec2(1, wobble))
            k.step(&b, tilt: Vec2(-1, wobble))
            if k.meet(&a, &b, from: a0, b0) > 0 { meetings += 1 }
            closest = min(closest, (a.position - b.position).length)
        }
        #expect(meetings > 0)
        #expect(closest >= 32 - Self.tolerance, "closest \(closest) px")
    }

    @Test("Apart and not closing, or no radius: nothing happens")
    func nothing() {
        let k = Self.kinematics()
        var a = BallState(position: Vec2(100, 100), velocity: Vec2(-50, 0))
        var b = BallState(position: Vec2(140, 100), velocity: Vec2(50, 0))
        let before = (a, b)
        #expect(Self.step(k, &a, &b) == 0)
        var expectedA = before.0, expectedB = before.1
        k.step(&expectedA, tilt: .zero)
        k.step(&expectedB, tilt: .zero)
        #expect(a == expectedA && b == expectedB)
        var p = Self.parameters
        p.ballRadius = 0
        let points = Kinematics(mode: .real, parameters: p, dt: 1, canvasWidth: 10, canvasHeight: 10)
        var c = BallState(position: Vec2(5, 5)), d = BallState(position: Vec2(5, 5))
        #expect(points.meet(&c, &d, from: Vec2(5, 5), Vec2(5, 5)) == 0)
    }
}
