import Foundation
import MarbleApp
import MarbleKit

extension Shapes {
    /// The phone and the calibration's two pictures: a screen at the top (where the ball's
    /// canvas is), the device under it in perspective (its far edge, towards the screen, the
    /// narrower one), and for the second step an arrow pushing that far edge down.
    mutating func phoneIcon(_ icon: Icon, in r: Rect, _ c: RGBA8) {
        func p(_ u: Double, _ v: Double) -> Point { Point(r.x + u * r.w, r.y + v * r.h) }
        let s = r.w, t = s * 0.12
        let dark = RGBA8(0, 0, 0, 130)
        switch icon {
        case .phone:
            roundedRect(Rect(x: r.x + 0.22 * s, y: r.y + 0.04 * r.h, w: 0.56 * s, h: 0.92 * r.h), radius: 0.1 * s, c)
            roundedRect(Rect(x: r.x + 0.3 * s, y: r.y + 0.14 * r.h, w: 0.4 * s, h: 0.66 * r.h), radius: 0.02 * s, dark)
            circle(p(0.5, 0.88), 0.05 * s, dark)
        case .deviceFlat, .deviceTipped:
            // The screen.
            roundedRect(Rect(x: r.x + 0.25 * s, y: r.y + 0.02 * r.h, w: 0.5 * s, h: 0.3 * r.h), radius: 0.03 * s, c)
            roundedRect(Rect(x: r.x + 0.29 * s, y: r.y + 0.06 * r.h, w: 0.42 * s, h: 0.22 * r.h), radius: 0.01 * s, dark)
            let tipped = icon == .deviceTipped
            // The device, far edge up the picture; tipped, the far edge drops and narrows.
            let farY = tipped ? 0.66 : 0.56, farInset = tipped ? 0.3 : 0.24
            polygon([p(farInset, farY), p(1 - farInset, farY), p(0.9, 0.92), p(0.1, 0.92)], c)
            polygon([p(farInset + 0.05, farY + 0.04), p(1 - farInset - 0.05, farY + 0.04), p(0.8, 0.88), p(0.2, 0.88)], dark)
            if tipped {
                line(p(0.5, 0.38), p(0.5, 0.56), width: t * 0.7, c)
                polygon([p(0.4, 0.52), p(0.6, 0.52), p(0.5, 0.64)], c)
            } else {
                // A level line: held flat.
                line(p(0.02, 0.97), p(0.98, 0.97), width: t * 0.3, c)
            }
        case .tiltBlocked:
            // The pad, and over its corner a tilt sign (a tipped bar with an arrow), crossed out.
            self.icon(.gamepad, in: Rect(x: r.x, y: r.y + 0.2 * r.h, w: 0.7 * s, h: 0.7 * r.h), c)
            line(p(0.55, 0.3), p(0.95, 0.12), width: t * 0.6, c)
            polygon([p(0.9, 0.02), p(1.0, 0.14), p(0.86, 0.2)], c)
            line(p(0.5, 0.0), p(1.0, 0.45), width: t * 0.8, RGBA8(230, 60, 60))
        default:
            break
        }
    }
}
