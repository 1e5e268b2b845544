import MarbleKit

/// One accepted report from the phone or handheld, in the words the input uses.
public struct PhoneReport: Equatable, Sendable {
    /// The accelerometer and gyro in SDL's pad axes (m/s², rad/s), calibrated.
    public var accelerometer: Vec3
    public var gyro: Vec3
    /// The same in the device's own axes (DSU's converted to SDL's): what a calibration reads.
    public var rawAccelerometer: Vec3
    public var rawGyro: Vec3
    /// On the link's own clock (`MotionTimeline`), microseconds.
    public var timestampUS: UInt64
    /// The sticks, −1…1, y positive down (SDL's convention).
    public var sticks: InputState.Sticks
    /// The buttons held, by position.
    public var buttons: Set<PadButton>
}

extension PhoneReport {
    /// DSU's button bits by position: ✕ ○ □ △ are south, east, west, north.
    static let buttonBits: [(UInt16, PadButton)] = [
        (DSUPadData.Button.cross, .south), (DSUPadData.Button.circle, .east),
        (DSUPadData.Button.square, .west), (DSUPadData.Button.triangle, .north),
        (DSUPadData.Button.l1, .leftShoulder), (DSUPadData.Button.r1, .rightShoulder),
        (DSUPadData.Button.options, .start), (DSUPadData.Button.share, .back),
        (DSUPadData.Button.dpadUp, .dpadUp), (DSUPadData.Button.dpadDown, .dpadDown),
        (DSUPadData.Button.dpadLeft, .dpadLeft), (DSUPadData.Button.dpadRight, .dpadRight),
    ]

    static func buttons(_ bits: UInt16) -> Set<PadButton> {
        Set(buttonBits.filter { bits & $0.0 != 0 }.map(\.1))
    }

    /// A DSU stick byte (0–255, 128 neutral) as −1…1.
    static func axis(_ v: UInt8) -> Double { min(max((Double(v) - 128) / 127, -1), 1) }

    static func sticks(_ s: (lx: UInt8, ly: UInt8, rx: UInt8, ry: UInt8)) -> InputState.Sticks {
        // DSU's Y is up, SDL's down.
        InputState.Sticks(leftX: axis(s.lx), leftY: -axis(s.ly), rightX: axis(s.rx), rightY: -axis(s.ry))
    }
}
