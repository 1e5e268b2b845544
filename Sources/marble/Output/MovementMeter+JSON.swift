import MarbleKit

extension MovementMeter.Figures {
    /// `{"tilt_deg", "turn_deg", "active_s"}`, to 0.1.
    var json: JSONValue {
        func tenth(_ x: Double) -> JSONValue { .number((x * 10).rounded() / 10) }
        return .object([("tilt_deg", tenth(tiltDegrees)), ("turn_deg", tenth(turnDegrees)), ("active_s", tenth(activeSeconds))])
    }
}
