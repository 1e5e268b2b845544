import Foundation
import MarbleKit

/// Shapes an analogue stick into tilt: a radial dead zone and a response curve.
public enum StickShaping {
    /// The default dead zone, as a fraction of full deflection.
    public static let deadZone = 0.15
    /// The default response exponent: small pushes give fine control, full push gives full tilt.
    public static let exponent = 1.6

    /// Tilt from normalized stick axes in SDL's convention (y positive DOWN).
    ///
    /// m = |(x, y)|; m ≤ deadZone gives zero, else the length becomes
    /// min(1, (m − deadZone)/(1 − deadZone))^exponent in the same direction, with y flipped
    /// so that pushing the stick up tilts towards the top.
    public static func tilt(x: Double, y: Double, deadZone: Double = deadZone, exponent: Double = exponent) -> Vec2 {
        guard x.isFinite, y.isFinite else { return .zero }
        let m = (x * x + y * y).squareRoot()
        let shaped = magnitude(m, deadZone: deadZone, exponent: exponent)
        guard shaped > 0 else { return .zero }
        return Vec2(x / m * shaped, -y / m * shaped)
    }

    /// The shaped length for a raw stick length `m`: 0 inside the dead zone, up to 1.
    public static func magnitude(_ m: Double, deadZone: Double = deadZone, exponent: Double = exponent) -> Double {
        guard m.isFinite, deadZone.isFinite, exponent.isFinite, deadZone < 1, m > max(0, deadZone) else { return 0 }
        let dz = max(0, deadZone)
        // Rescaling from the dead zone's edge avoids a jump from 0 to deadZone on leaving it.
        return pow(min(1, (m - dz) / (1 - dz)), exponent)
    }

    /// An SDL axis value mapped to −1…1: −32768 gives −1, 32767 gives 1.
    public static func axis(_ raw: Int16) -> Double {
        // The Int16 range is lopsided; dividing by 32767 and clamping makes both ends exact.
        max(-1, Double(raw) / Double(Int16.max))
    }
}
