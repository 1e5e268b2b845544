/// Steady turning of the heading from keys, shoulder buttons and a turn stick.
public enum HeadingTurn {
    /// The fastest turn, in degrees per second.
    public static let turnRate = 120.0

    /// The turn rate in degrees per second, clockwise positive, at most `turnRate` either way.
    ///
    /// `counterClockwise` (Q, left shoulder) lowers the heading, `clockwise` (E, right shoulder)
    /// raises it; `stickX` (SDL's −1…1) turns in proportion to its shaped magnitude, using
    /// `StickShaping`'s dead zone on x alone.
    public static func rate(counterClockwise: Bool, clockwise: Bool, stickX: Double = 0,
                            deadZone: Double = StickShaping.deadZone) -> Double {
        let buttons = (clockwise ? 1.0 : 0) - (counterClockwise ? 1.0 : 0)
        let stick = StickShaping.tilt(x: stickX, y: 0, deadZone: deadZone).x
        // A stick pushed while a button is held must not turn faster than either alone.
        return min(max(buttons + stick, -1), 1) * turnRate
    }
}
