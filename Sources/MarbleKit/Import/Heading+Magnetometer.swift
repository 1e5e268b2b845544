import Foundation

/// The heading of the phone's top edge, in degrees clockwise from north, from sensor readings.
enum DeviceHeading {
    /// How an app's yaw relates to the top edge's heading.
    enum YawConvention: Sendable {
        /// iOS (Core Motion's x-true-north-z-vertical frame): yaw is 0 when +x points north and
        /// grows counter-clockwise, so the top edge's heading is 270° − yaw.
        case xNorthCounterClockwise
        /// Android (`SensorManager.getOrientation` azimuth): yaw is the angle from north to
        /// the top edge (+y), growing clockwise, so the heading is yaw itself.
        case yNorthClockwise
    }

    /// The heading for a yaw in radians, wrapped into [0, 360).
    static func fromYaw(_ radians: Double, _ convention: YawConvention) -> Double {
        let degrees = radians * 180 / .pi
        switch convention {
        case .xNorthCounterClockwise: return HeadingColor.normalized(270 - degrees)
        case .yNorthClockwise: return HeadingColor.normalized(degrees)
        }
    }

    /// The tilt-compensated heading for a magnetometer reading, or nil when the field is
    /// parallel to the down vector (at the magnetic poles, or a broken reading).
    ///
    /// east = down × B and north = east × down are horizontal, whatever the tilt; the top
    /// edge (+y) points at atan2(east_y, north_y) from north.
    static func fromMagnetometer(down: DeviceVector, field: DeviceVector) -> Double? {
        let east = down.cross(field)
        let north = east.cross(down)
        // Horizontal component too small to give a direction (relative to the field's size).
        guard east.isFinite, east.length > 1e-9 * max(field.length, 1e-300) else { return nil }
        let degrees = atan2(east.y, north.y) * 180 / .pi
        return HeadingColor.normalized(degrees)
    }
}

/// Headings at non-decreasing times, read back at other times along the shorter arc.
struct HeadingTrack: Sendable {
    var times: [Double]
    var degrees: [Double]

    /// The heading at time `t`: linear along the shorter arc between the samples either
    /// side (so 350° to 10° passes through 0°), the end values held outside the track.
    func heading(at t: Double) -> Double {
        let (lo, hi, f) = Bracket.locate(t, in: times)
        if lo == hi { return HeadingColor.normalized(degrees[lo]) }
        return HeadingColor.interpolate(from: degrees[lo], to: degrees[hi], fraction: f)
    }
}
