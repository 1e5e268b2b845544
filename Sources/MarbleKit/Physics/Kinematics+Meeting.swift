/// Two marbles on one board: where they meet, they bounce off each other.
///
/// The marbles are of equal mass and as hard as the walls: in real physics the part of their
/// relative velocity along the line between their centres reverses, keeping `restitution` of
/// it, and each takes half the change; in fake physics (the tilt sets the velocity, and walls
/// do not bounce) nothing bounces: they share their closing speed, so one pushes the other, and
/// slide along each other. A meeting is found along the step's
/// whole path, not only where the step ends, so neither passes through the other at any speed:
/// the first moment in the step their centres are a diameter apart is where they touch.
extension Kinematics {
    /// Resolves a meeting of `a` and `b`, each already stepped (walls and all) from `a0` and
    /// `b0`, where they were a diameter or more apart. Afterwards their centres are at least a
    /// diameter apart whenever the board has room for both.
    ///
    /// - Returns: the speed at which they met (their closing speed along the line between their
    ///   centres, px/s), or 0 when they did not.
    @discardableResult
    public func meet(_ a: inout BallState, _ b: inout BallState, from a0: Vec2, _ b0: Vec2) -> Double {
        let reach = 2 * parameters.ballRadius
        guard reach > 0 else { return 0 }
        guard let tau = Self.firstContact(a0 - b0, a.position - b.position, reach: reach) else { return 0 }
        // Where each was when they touched.
        var pa = a0 + tau * (a.position - a0)
        var pb = b0 + tau * (b.position - b0)
        let n = Self.normal(from: pb, to: pa)
        let closing = (a.velocity.x - b.velocity.x) * n.x + (a.velocity.y - b.velocity.y) * n.y
        var impact = 0.0
        if closing < 0 {
            impact = -closing
            // Equal masses: each takes half of the change in relative velocity.
            let e = mode == .real ? parameters.restitution : 0
            let j = (1 + e) * impact / 2
            a.velocity = a.velocity + j * n
            b.velocity = b.velocity - j * n
        }
        // The rest of the step with the new velocities, then the walls again.
        let rest = (1 - tau) * dt
        let beforeA = pa, beforeB = pb
        pa = pa + rest * a.velocity
        pb = pb + rest * b.velocity
        a.position = pa
        b.position = pb
        switch mode {
        case .real:
            _ = bounce(&a)
            _ = bounce(&b)
        case .fake:
            _ = slide(&a, from: beforeA)
            _ = slide(&b, from: beforeB)
        }
        separate(&a, &b, reach: reach, along: n)
        return impact
    }

    /// Settles two marbles that overlap after meeting a third moved one of them (three or more
    /// on the board): they take out their closing speed as at a meeting, and are pushed a
    /// diameter apart, with no more of the step run on. Whether they overlapped.
    ///
    /// - Parameter impact: raised to the speed at which they closed, if that is more.
    @discardableResult
    public func settle(_ a: inout BallState, _ b: inout BallState, impact: inout Double) -> Bool {
        let reach = 2 * parameters.ballRadius
        let d = a.position - b.position
        // A hair of overlap is rounding, left by `separate` itself.
        guard reach > 0, d.length < reach - 1e-9 else { return false }
        let n = Self.normal(from: b.position, to: a.position)
        let closing = (a.velocity.x - b.velocity.x) * n.x + (a.velocity.y - b.velocity.y) * n.y
        if closing < 0 {
            impact = max(impact, -closing)
            let e = mode == .real ? parameters.restitution : 0
            let j = (1 + e) * -closing / 2
            a.velocity = a.velocity + j * n
            b.velocity = b.velocity - j * n
        }
        separate(&a, &b, reach: reach, along: n)
        return true
    }

    /// The first fraction τ of the step, in [0, 1], at which centres that went from `d0` apart
    /// to `d1` apart (b to a, moving linearly) are `reach` apart; nil when they never come that
    /// close. Already closer at the start (only after a wall pinned them): 0.
    static func firstContact(_ d0: Vec2, _ d1: Vec2, reach: Double) -> Double? {
        let delta = d1 - d0
        // |d0 + τ·delta|² = reach²: A τ² + B τ + C = 0.
        let a = delta.x * delta.x + delta.y * delta.y
        let b = 2 * (d0.x * delta.x + d0.y * delta.y)
        let c = d0.x * d0.x + d0.y * d0.y - reach * reach
        if c <= 0 { return 0 }
        // Apart at the start, and not closing: the distance only grows.
        guard a > 0, b < 0 else { return nil }
        let disc = b * b - 4 * a * c
        guard disc >= 0 else { return nil }
        // The smaller root; written so that it does not cancel (b < 0).
        let tau = (2 * c) / (-b + Maths.squareRoot(disc))
        return tau <= 1 ? max(tau, 0) : nil
    }

    /// The unit vector from `b` to `a`; from marble 2 to marble 1 on the canvas's x axis when
    /// they are at one point (marble 1 starts on the left).
    static func normal(from b: Vec2, to a: Vec2) -> Vec2 {
        let d = a - b
        let length = d.length
        guard length > 0, length.isFinite else { return Vec2(-1, 0) }
        return (1 / length) * d
    }

    /// Pushes centres closer than `reach` apart until they are `reach` apart, each half the way
    /// (all the way for one the walls hold), within the walls.
    func separate(_ a: inout BallState, _ b: inout BallState, reach: Double, along fallback: Vec2) {
        let d = a.position - b.position
        let gap = reach - d.length
        guard gap > 0 else { return }
        let n = d.length > 0 ? Self.normal(from: b.position, to: a.position) : fallback
        let (lo, hi) = bounds
        func clamp(_ p: Vec2) -> Vec2 { Vec2(min(max(p.x, lo.x), hi.x), min(max(p.y, lo.y), hi.y)) }
        let aWas = a.position
        a.position = clamp(a.position + (gap / 2) * n)
        // What the wall kept `a` from taking, `b` takes.
        let aMoved = (a.position.x - aWas.x) * n.x + (a.position.y - aWas.y) * n.y
        b.position = clamp(b.position - (gap - aMoved) * n)
        let still = reach - (a.position - b.position).length
        if still > 0 { a.position = clamp(a.position + still * n) }
    }
}
