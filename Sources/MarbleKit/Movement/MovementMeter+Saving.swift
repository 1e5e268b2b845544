/// The meter's whole state in a snapshot or a journal's checkpoint, and the check on it.
extension MovementMeter {
    /// f64 tilt and turn degrees; the tilt anchor (flag, 3 f64); the turn anchor and the
    /// origin (flag, f64 each); f64 last time; i64 open window; f64 its tilt and turn; i64
    /// active windows closed.
    func encode(into w: inout ByteWriter) {
        w.f64(tiltDegrees)
        w.f64(turnDegrees)
        w.bool(tiltAnchor != nil)
        let a = tiltAnchor ?? Vec3(0, 0, -1)
        w.f64(a.x)
        w.f64(a.y)
        w.f64(a.z)
        w.bool(turnAnchor != nil)
        w.f64(turnAnchor ?? 0)
        w.bool(origin != nil)
        w.f64(origin ?? 0)
        w.f64(last)
        w.i64(Int64(window))
        w.f64(windowTilt)
        w.f64(windowTurn)
        w.i64(Int64(closedActive))
    }

    static func decode(from r: inout ByteReader) throws(DecodeError) -> MovementMeter {
        var m = MovementMeter()
        m.tiltDegrees = try r.f64()
        m.turnDegrees = try r.f64()
        let hasTilt = try r.bool()
        let a = Vec3(try r.f64(), try r.f64(), try r.f64())
        m.tiltAnchor = hasTilt ? a : nil
        let hasTurn = try r.bool()
        let turn = try r.f64()
        m.turnAnchor = hasTurn ? turn : nil
        let hasOrigin = try r.bool()
        let origin = try r.f64()
        m.origin = hasOrigin ? origin : nil
        m.last = try r.f64()
        m.window = Int(truncatingIfNeeded: try r.i64())
        m.windowTilt = try r.f64()
        m.windowTurn = try r.f64()
        m.closedActive = Int(truncatingIfNeeded: try r.i64())
        return m
    }

    /// Why these values are ones no meter reaches, or nil when they are fine.
    var validationError: String? {
        let numbers = [tiltDegrees, turnDegrees, last, windowTilt, windowTurn, turnAnchor ?? 0, origin ?? 0]
        guard numbers.allSatisfy({ $0.isFinite && $0 >= -1e12 && $0 <= 1e12 }),
              tiltDegrees >= 0, turnDegrees >= 0, windowTilt >= 0, windowTurn >= 0,
              (0...Int(SessionConfiguration.maxDuration) + 1).contains(window),
              (0...window).contains(closedActive),
              tiltAnchor.map({ $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }) ?? true else {
            return "impossible movement values"
        }
        return nil
    }
}
