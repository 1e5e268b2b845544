/// One fixed time step of ball motion, in either physics mode, with its walls.
///
/// Real physics integrates `a = A·tilt − k·v` exactly over a step, with the tilt held
/// constant during the step: for constant tilt the result is the closed form (to rounding),
/// whatever the step. Fake physics sets `v = S·tilt`.
public struct Kinematics: Sendable {
    public let mode: PhysicsMode
    public let parameters: PhysicsParameters
    /// The step length in seconds.
    public let dt: Double
    /// The area the ball's centre may occupy: `[r, W−r] × [r, H−r]`.
    public let bounds: (lo: Vec2, hi: Vec2)

    // Exact-step coefficients for dv/dt = a − k·v over dt:
    //   v' = v·decay + a·c1,  x' = x + v·c1 + a·c2,
    //   decay = e^(−k·dt), c1 = (1 − decay)/k, c2 = (dt − c1)/k.
    private let decay: Double
    private let c1: Double
    private let c2: Double

    public init(mode: PhysicsMode, parameters: PhysicsParameters, dt: Double, canvasWidth: Int, canvasHeight: Int) {
        self.mode = mode
        self.parameters = parameters
        self.dt = dt
        let r = parameters.ballRadius
        let w = Double(canvasWidth), h = Double(canvasHeight)
        // A ball wider than the canvas sits in the middle of that axis.
        let lo = Vec2(min(r, w / 2), min(r, h / 2))
        let hi = Vec2(max(w - r, w / 2), max(h - r, h / 2))
        self.bounds = (lo, hi)
        let kdt = parameters.damping * dt
        decay = Maths.exp(-kdt)
        if kdt < 1e-4 {
            // Series forms: the closed forms lose digits to cancellation as k → 0.
            c1 = dt * (1 - kdt / 2 + kdt * kdt / 6)
            c2 = dt * dt * (0.5 - kdt / 6 + kdt * kdt / 24)
        } else {
            let k = parameters.damping
            c1 = (1 - decay) / k
            c2 = (dt - c1) / k
        }
    }

    /// The ball's acceleration (real) or velocity (fake) for a tilt, in screen axes.
    ///
    /// tilt.x > 0 rolls right (+x); tilt.y > 0 rolls towards the top (−y).
    @inline(__always)
    func screenVector(_ tilt: Vec2, scale: Double) -> Vec2 {
        Vec2(tilt.x * scale, -tilt.y * scale)
    }

    /// Advances the ball one step under a tilt that is constant during the step.
    ///
    /// - Returns: how fast the ball struck a wall during the step (its speed into the wall,
    ///   px/s), or 0; a ball already resting against a wall does not strike it again.
    @inline(__always) @discardableResult
    public func step(_ ball: inout BallState, tilt: Vec2) -> Double {
        switch mode {
        case .real:
            let a = screenVector(tilt, scale: parameters.accelPerTilt)
            let v = ball.velocity
            ball.position = Vec2(
                ball.position.x + v.x * c1 + a.x * c2,
                ball.position.y + v.y * c1 + a.y * c2)
            ball.velocity = Vec2(v.x * decay + a.x * c1, v.y * decay + a.y * c1)
            if tilt == .zero, ball.velocity.x * ball.velocity.x + ball.velocity.y * ball.velocity.y < Self.restSpeedSquared {
                // A level board and a crawl: the ball is at rest. Lets long idle gaps skip ahead.
                ball.velocity = .zero
            }
            return bounce(&ball)
        case .fake:
            let before = ball.position
            let v = screenVector(tilt, scale: parameters.speedPerTilt)
            ball.velocity = v
            ball.position = Vec2(ball.position.x + v.x * dt, ball.position.y + v.y * dt)
            return slide(&ball, from: before)
        }
    }

    /// Below this speed (px/s) on a level board the ball counts as stopped.
    static let restSpeedSquared = 1e-6

    /// Real walls: reflect the overshoot and the velocity, keeping `restitution` of the speed.
    /// Returns the speed into the wall struck (the larger, at a corner), or 0.
    @inline(__always)
    func bounce(_ ball: inout BallState) -> Double {
        let e = parameters.restitution
        let (lo, hi) = bounds
        let vx = abs(ball.velocity.x), vy = abs(ball.velocity.y)
        var impact = 0.0
        if ball.position.x < lo.x || ball.position.x > hi.x { impact = vx }
        if ball.position.y < lo.y || ball.position.y > hi.y { impact = max(impact, vy) }
        if ball.position.x < lo.x {
            ball.position.x = min(lo.x + (lo.x - ball.position.x) * e, hi.x)
            ball.velocity.x = -ball.velocity.x * e
        } else if ball.position.x > hi.x {
            ball.position.x = max(hi.x - (ball.position.x - hi.x) * e, lo.x)
            ball.velocity.x = -ball.velocity.x * e
        }
        if ball.position.y < lo.y {
            ball.position.y = min(lo.y + (lo.y - ball.position.y) * e, hi.y)
            ball.velocity.y = -ball.velocity.y * e
        } else if ball.position.y > hi.y {
            ball.position.y = max(hi.y - (ball.position.y - hi.y) * e, lo.y)
            ball.velocity.y = -ball.velocity.y * e
        }
        return impact
    }

    /// Fake walls: stop at the wall and keep sliding along it. Returns the speed into a wall
    /// arrived at this step (from `before`, off it), or 0: pushing on along a wall is no new hit.
    @inline(__always)
    func slide(_ ball: inout BallState, from before: Vec2) -> Double {
        let (lo, hi) = bounds
        var impact = 0.0
        if ball.position.x < lo.x { ball.position.x = lo.x; if before.x > lo.x { impact = abs(ball.velocity.x) }; ball.velocity.x = 0 }
        if ball.position.x > hi.x { ball.position.x = hi.x; if before.x < hi.x { impact = abs(ball.velocity.x) }; ball.velocity.x = 0 }
        if ball.position.y < lo.y { ball.position.y = lo.y; if before.y > lo.y { impact = max(impact, abs(ball.velocity.y)) }; ball.velocity.y = 0 }
        if ball.position.y > hi.y { ball.position.y = hi.y; if before.y < hi.y { impact = max(impact, abs(ball.velocity.y)) }; ball.velocity.y = 0 }
        return impact
    }
}
