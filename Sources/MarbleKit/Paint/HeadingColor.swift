/// The paint colour for a heading: hue = heading / 360 at a fixed saturation and brightness.
///
/// North (0°) is red, 120° green, 240° blue.
public enum HeadingColor {
    /// The saturation of every paint colour.
    public static let saturation = 0.85
    /// The brightness of every paint colour.
    public static let brightness = 0.92

    /// The colour for a heading in degrees clockwise from north (any finite value; wrapped).
    public static func color(heading: Double) -> RGBA8 {
        hsb(hue: normalized(heading) / 360, saturation: saturation, brightness: brightness)
    }

    /// A heading wrapped into [0, 360).
    public static func normalized(_ heading: Double) -> Double {
        guard heading.isFinite else { return 0 }
        var h = Maths.remainder(heading, dividingBy: 360)
        if h < 0 { h += 360 }
        // -1e-18 + 360 rounds to 360: keep the half-open range.
        return h >= 360 ? 0 : h
    }

    /// The heading a fraction `f` of the way from `a` to `b` along the shorter arc.
    ///
    /// From 350° to 10° this passes through 0° (the reds), never round through green and blue.
    public static func interpolate(from a: Double, to b: Double, fraction f: Double) -> Double {
        let a = normalized(a)
        var delta = normalized(b) - a
        if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
        return normalized(a + delta * f)
    }

    /// HSB (all in 0...1) to an opaque 8-bit colour.
    public static func hsb(hue: Double, saturation s: Double, brightness v: Double) -> RGBA8 {
        let h6 = (hue - Maths.floor(hue)) * 6
        let sector = min(Int(h6), 5)
        let f = h6 - Double(sector)
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        return RGBA8(channel(r), channel(g), channel(b))
    }

    /// x · 255 rounded (halves up) and clamped to 0 … 255.
    @inline(__always)
    static func channel(_ x: Double) -> UInt8 {
        let y = x * 255
        guard y >= 0, y < 255 else { return UInt8(max(0, min(255, Maths.round(y)))) }
        // What `Maths.round` gives a number in [0, 255), without its branches: the whole part
        // by conversion, one more for a fraction of a half or more (a select: every colour
        // takes one, and the fraction is a coin toss for the branch predictor).
        let whole = Int(y)
        let up = y - Double(whole) >= 0.5 ? 1 : 0
        return UInt8(truncatingIfNeeded: whole &+ up)
    }
}
