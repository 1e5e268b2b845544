import CSDL2
import MarbleApp
import MarbleKit

/// The balls and the players' rings as sprites (`SpriteCache`), anti-aliased as the canvas's
/// trails are: a shape's coverage at a pixel centre is `clamp(edge + ½ − d, 0, 1)`.
///
/// A ball is one sprite of all its layers (its shadow, the ball in its paint colour with a
/// shine, or with the pen up a white ball with a band of paint, and a dark rim), composed
/// once per colour: a frame copies one picture a ball. The layers are composed once per size
/// (`BallShape`), so a new colour (the heading turns it most frames) is one multiply-add a
/// channel a pixel.
struct Sprites {
    struct BallKey: Hashable {
        var radius: Int
        var color: RGBA8
        var penDown: Bool
    }

    struct RingKey: Hashable {
        var radius: Int
        var width: Int
        var color: RGBA8
    }

    /// A ball's picture at one size, as a function of its paint colour: per pixel, the straight
    /// colour is `base.xyz + weight · paint` and the alpha `base.w` (the layers' "over" is linear
    /// in the one layer of paint, and with the paint opaque the alpha does not depend on it).
    ///
    /// Kept as planes of 16.16 fixed point (`base + ½` and `weight`), eight pixels to a lane
    /// group, so a new colour is composed eight pixels at a time in integers: the heading turns
    /// the colour most frames, for every ball (Swift's generic Float-to-Int SIMD conversion
    /// goes lane by lane and took longer than the scalar loop).
    struct BallShape {
        var side: Int
        var red: [SIMD8<Int32>], green: [SIMD8<Int32>], blue: [SIMD8<Int32>], alpha: [SIMD8<Int32>]
        var weight: [SIMD8<Int32>]

        /// The shape from per-pixel values, `side`² of each (colours in 0…255, weights in 0…1).
        init(side: Int, base: [SIMD4<Float>], weight: [Float]) {
            self.side = side
            let groups = (side * side + 7) / 8
            func plane(_ value: (Int) -> Float) -> [SIMD8<Int32>] {
                (0..<groups).map { g in
                    var v = SIMD8<Int32>()
                    for l in 0..<8 where g * 8 + l < side * side { v[l] = Int32((min(max(value(g * 8 + l), 0), 256) * 65536).rounded()) }
                    return v
                }
            }
            red = plane { base[$0].x + 0.5 }
            green = plane { base[$0].y + 0.5 }
            blue = plane { base[$0].z + 0.5 }
            alpha = plane { base[$0].w + 0.5 }
            self.weight = plane { weight[$0] }
        }
    }

    var balls = SpriteCache<BallKey>(capacity: 16)
    // Four players: a ring round each ball and each dial, and the dials' backing.
    var rings = SpriteCache<RingKey>(capacity: 16)
    private var shapes: [BallKey: BallShape] = [:]

    /// Draws a ball of radius `radius` around `center`; returns where it drew.
    mutating func ball(_ center: Point, _ radius: Double, _ color: RGBA8, penDown: Bool, renderer: OpaquePointer) -> SDL_Rect? {
        let q = Self.quarters(radius)
        guard q > 0 else { return nil }
        let shape = self.shape(radius: q, penDown: penDown, paintAlpha: color.a)
        return balls.draw(BallKey(radius: q, color: color, penDown: penDown), side: shape.side,
                          centerX: center.x, centerY: center.y, renderer: renderer) { pixels in
            Self.compose(shape, color: color, into: &pixels)
        }
    }

    /// Draws a ring around `center`, `radius` to its middle and `width` wide; returns where it drew.
    mutating func ring(_ center: Point, _ radius: Double, width: Double, _ color: RGBA8, renderer: OpaquePointer) -> SDL_Rect? {
        let key = RingKey(radius: Self.quarters(radius), width: max(1, Self.quarters(width)), color: color)
        guard key.radius > 0 else { return nil }
        let r = Double(key.radius) / 4, w = Double(key.width) / 4
        let half = Int((r + w / 2).rounded(.up)) + 2
        return rings.draw(key, side: 2 * half, centerX: center.x, centerY: center.y, renderer: renderer) { pixels in
            let side = 2 * half, mid = Double(half)
            for y in 0..<side {
                for x in 0..<side {
                    let d = Self.distance(x, y, mid, mid)
                    let c = min(Self.clamp(r + w / 2 + 0.5 - d), Self.clamp(d - (r - w / 2) + 0.5))
                    pixels[y * side + x] = Self.argb(color, alpha: Float(c) * Float(color.a) / 255)
                }
            }
        }
    }

    mutating func endFrame() {
        balls.endFrame()
        rings.endFrame()
    }

    mutating func destroy() {
        balls.destroy()
        rings.destroy()
    }

    /// A size in quarter pixels (sizes closer than that share a sprite).
    static func quarters(_ x: Double) -> Int {
        guard x.isFinite else { return 0 }
        return Int(min(max(x, 0), 1024) * 4 + 0.5)
    }

    private mutating func shape(radius q: Int, penDown: Bool, paintAlpha: UInt8) -> BallShape {
        let key = BallKey(radius: q, color: RGBA8(0, 0, 0, paintAlpha), penDown: penDown)
        if let s = shapes[key] { return s }
        if shapes.count >= 8 { shapes = [:] }
        let r = Double(q) / 4
        let rim = max(1.5, r * 0.08)
        // The shadow lies 0.12 r right and 0.18 r down; the rim reaches rim/2 past r.
        let half = Int((max(r * 1.18, r + rim / 2) + 1).rounded(.up)) + 1
        let side = 2 * half, mid = Double(half)
        let band = max(2, r * 0.22)
        let paintAlpha = Float(paintAlpha) / 255
        var base = [SIMD4<Float>](repeating: .zero, count: side * side), weight = [Float](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let d = Self.distance(x, y, mid, mid)
                let shadow = Float(Self.clamp(r + 0.5 - Self.distance(x, y, mid + r * 0.12, mid + r * 0.18)))
                let body = Float(Self.clamp(r + 0.5 - d))
                let accent = Float(penDown
                    ? Self.clamp(r * 0.25 + 0.5 - Self.distance(x, y, mid - r * 0.35, mid - r * 0.35))
                    : min(Self.clamp(r * 0.85 + band / 2 + 0.5 - d), Self.clamp(d - (r * 0.85 - band / 2) + 0.5)))
                let edge = Float(min(Self.clamp(r + rim / 2 + 0.5 - d), Self.clamp(d - (r - rim / 2) + 0.5)))
                // "Over", premultiplied, bottom to top; the paint's share kept apart.
                var rgb = SIMD3<Float>.zero, paint: Float = 0, a: Float = 0
                func over(_ col: SIMD3<Float>, _ alpha: Float, isPaint: Bool = false) {
                    rgb = rgb * (1 - alpha) + (isPaint ? .zero : col * alpha)
                    paint = paint * (1 - alpha) + (isPaint ? alpha : 0)
                    a = alpha + a * (1 - alpha)
                }
                over(.zero, shadow * 70 / 255)
                if penDown {
                    over(.zero, body * paintAlpha, isPaint: true)
                    over(SIMD3(255, 255, 255), accent * 150 / 255)
                } else {
                    over(SIMD3(250, 250, 250), body)
                    over(.zero, accent * paintAlpha, isPaint: true)
                }
                over(SIMD3(30, 30, 40), edge * 200 / 255)
                guard a > 0 else { continue }
                base[y * side + x] = SIMD4(rgb / a, a * 255)
                weight[y * side + x] = paint / a
            }
        }
        let s = BallShape(side: side, base: base, weight: weight)
        shapes[key] = s
        return s
    }

    /// The ball in `color`: one multiply-add a channel a pixel, eight pixels at a time, in 16.16
    /// fixed point: each channel `⌊base + ½ + weight · paint⌋`, within one of the Float sum.
    ///
    /// A pixel outside the ball has no colour, weight or alpha, and comes out 0 (transparent).
    static func compose(_ shape: BallShape, color: RGBA8, into pixels: inout [UInt32]) {
        let r = SIMD8<Int32>(repeating: Int32(color.r)), g = SIMD8<Int32>(repeating: Int32(color.g))
        let b = SIMD8<Int32>(repeating: Int32(color.b)), byte = SIMD8<Int32>(repeating: 0xFF)
        let count = min(pixels.count, shape.side * shape.side)
        pixels.withUnsafeMutableBufferPointer { out in
            for group in 0..<shape.weight.count {
                let w = shape.weight[group]
                // Each sum stays below 2³¹: (255.5 + 255) · 65536.
                let cr = (shape.red[group] &+ w &* r) &>> 16 & byte, cg = (shape.green[group] &+ w &* g) &>> 16 & byte
                let cb = (shape.blue[group] &+ w &* b) &>> 16 & byte, ca = shape.alpha[group] &>> 16 & byte
                let argb = SIMD8<UInt32>(truncatingIfNeeded: ca &<< 24 | cr &<< 16 | cg &<< 8 | cb)
                let start = group * 8
                if start + 8 <= count {
                    UnsafeMutableRawPointer(out.baseAddress! + start).storeBytes(of: argb, as: SIMD8<UInt32>.self)
                } else {
                    for l in 0..<(count - start) { out[start + l] = argb[l] }
                }
            }
        }
    }

    private static func argb(_ c: RGBA8, alpha: Float) -> UInt32 {
        UInt32((min(max(alpha, 0), 1) * 255).rounded()) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
    }

    private static func distance(_ x: Int, _ y: Int, _ cx: Double, _ cy: Double) -> Double {
        let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
        return (dx * dx + dy * dy).squareRoot()
    }

    private static func clamp(_ x: Double) -> Double { x < 0 ? 0 : (x > 1 ? 1 : x) }
}
