import Foundation
import MarbleApp
import MarbleKit

/// The coach's pictures: the tilt pad, tipped as the ghost (or a hint) tilts it, and the pulse
/// round a button a hint names.
extension SDLPlatform {
    /// A tablet seen from the child's side, its far or right edge dipping as `tilt` says, with a
    /// ball rolled towards the low side; `pulse` > 0 rings it in the focus colour.
    func drawTiltPad(_ r: Rect, tilt: Vec2, pulse: Double, u: Double, shapes: inout Shapes) {
        if pulse > 0 {
            let grow = (4 + 10 * pulse) * u
            shapes.roundedRect(r.inset(-grow), radius: 24 * u + grow, RGBA8(255, 214, 64, UInt8(max(0, min(255, 90 + 150 * pulse)))))
        }
        shapes.roundedRect(r, radius: 24 * u, RGBA8(0, 0, 0, 110))
        let c = r.center, w = r.w * 0.36, h = r.h * 0.28
        let tx = max(-1, min(1, tilt.x)), ty = max(-1, min(1, tilt.y))
        // Up to 40° each way; the side tipped away is further off, so it looks shorter.
        let ax = tx * 0.7, ay = ty * 0.7, far = 3 * w
        func project(_ x: Double, _ y: Double) -> Point {
            let depth = x * sin(ax) + y * sin(ay)
            let f = far / (far + depth)
            return Point(c.x + x * cos(ax) * f, c.y - y * cos(ay) * f)
        }
        let body = [project(-w, h), project(w, h), project(w, -h), project(-w, -h)]
        shapes.polygon(body, RGBA8(30, 32, 44))
        let (sw, sh) = (w * 0.84, h * 0.76)
        shapes.polygon([project(-sw, sh), project(sw, sh), project(sw, -sh), project(-sw, -sh)], RGBA8(200, 222, 250))
        // The ball lies towards the low side: where a real one would roll.
        let ball = project(tx * sw * 0.7, ty * sh * 0.7)
        shapes.circle(ball, max(4, h * 0.22), RGBA8(70, 110, 230))
    }

    /// A ring round `r`, swelling with `amount` (0 to 1), in white: "this one".
    func drawPulse(_ r: Rect, amount: Double, u: Double, shapes: inout Shapes) {
        // White, outside the focus ring (yellow, 7 units out): the hinted button may be the focused one.
        let gap = (10 + 10 * amount) * u, width = 7 * u
        let outer = r.inset(-gap - width)
        let color = RGBA8(255, 255, 255, UInt8(max(0, min(255, 120 + 135 * amount))))
        shapes.roundedRect(Rect(x: outer.x, y: outer.y, w: outer.w, h: width), radius: width / 2, color)
        shapes.roundedRect(Rect(x: outer.x, y: outer.maxY - width, w: outer.w, h: width), radius: width / 2, color)
        shapes.roundedRect(Rect(x: outer.x, y: outer.y + width, w: width, h: outer.h - 2 * width), radius: width / 2, color)
        shapes.roundedRect(Rect(x: outer.maxX - width, y: outer.y + width, w: width, h: outer.h - 2 * width), radius: width / 2, color)
    }
}
