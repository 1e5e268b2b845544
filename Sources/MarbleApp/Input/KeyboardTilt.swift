import MarbleKit

/// Tilt from held arrow or WASD keys: ramps up while held, eases back when released.
///
/// Each axis moves at a constant rate towards its target: out to `maxTilt` in `rampTime`,
/// back to zero in `releaseTime`. Opposite keys cancel; a diagonal is capped at `maxTilt`.
public struct KeyboardTilt: Sendable {
    /// The tilt a held key reaches, in g.
    public static let maxTilt = 0.5
    /// Seconds from zero to `maxTilt` while a key is held.
    public static let rampTime = 0.4
    /// Seconds from `maxTilt` back to zero after release.
    public static let releaseTime = 0.25

    /// The tilt after the last update, at most `maxTilt` long.
    public private(set) var tilt: Vec2 = .zero
    // Kept unclamped so that releasing one key of a diagonal leaves the other axis at full tilt.
    private var axes: Vec2 = .zero

    public init() {}

    /// Advances the ramps by `dt` seconds with these keys held, and returns the new tilt.
    public mutating func update(left: Bool, right: Bool, up: Bool, down: Bool, dt: Double) -> Vec2 {
        let dt = FrameTime.guarded(dt)
        axes = Vec2(
            Self.approach(axes.x, target: Self.target(left, right), dt: dt),
            Self.approach(axes.y, target: Self.target(down, up), dt: dt))
        tilt = axes.clamped(toLength: Self.maxTilt)
        return tilt
    }

    /// The target of one axis: `maxTilt` towards the held key, 0 for none or both.
    static func target(_ negative: Bool, _ positive: Bool) -> Double {
        (positive ? maxTilt : 0) - (negative ? maxTilt : 0)
    }

    /// One axis moved `dt` seconds towards `target`: releasing towards zero, then ramping out.
    static func approach(_ value: Double, target: Double, dt: Double) -> Double {
        var v = value, t = dt
        let sameSide = v * target > 0
        if v != 0 && !(sameSide && abs(target) >= abs(v)) {
            // Reversing direction eases back to zero first, at the release rate, and only
            // then ramps out the other way: a flick of the opposite key feels like a brake.
            let rate = maxTilt / releaseTime
            let stop = sameSide ? target : 0
            let needed = abs(v - stop) / rate
            if needed >= t { return v + (stop > v ? 1 : -1) * rate * t }
            t -= needed
            v = stop
        }
        let rate = maxTilt / rampTime
        let gap = target - v
        return abs(gap) <= rate * t ? target : v + (gap > 0 ? 1 : -1) * rate * t
    }
}
