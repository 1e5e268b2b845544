import Foundation
import Testing
@testable import MarbleKit

/// Heading → paint colour: hue = heading / 360 at fixed saturation and brightness.
@Suite("Heading colour")
struct HeadingColorTests {
    /// The channels HSB gives at full hue strength: v and v(1 − s), as 8-bit values.
    /// v = 0.92 → 234.6 → 235; v(1 − s) = 0.92 · 0.15 = 0.138 → 35.19 → 35.
    static let high: UInt8 = 235
    static let low: UInt8 = 35

    /// The hue in degrees recovered from an 8-bit colour (standard RGB → HSV).
    static func hue(of c: RGBA8) -> Double {
        let r = Double(c.r), g = Double(c.g), b = Double(c.b)
        let mx = max(r, g, b), mn = min(r, g, b)
        guard mx > mn else { return 0 }
        var h: Double
        if mx == r { h = (g - b) / (mx - mn) } else if mx == g { h = 2 + (b - r) / (mx - mn) } else { h = 4 + (r - g) / (mx - mn) }
        h *= 60
        return h < 0 ? h + 360 : h
    }

    /// The distance between two angles around the circle, in degrees.
    static func circularDistance(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    @Test("0° is red, 120° green, 240° blue: exact HSB values and the dominant channel")
    func primaries() {
        let red = HeadingColor.color(heading: 0)
        let green = HeadingColor.color(heading: 120)
        let blue = HeadingColor.color(heading: 240)
        // Exact 8-bit values (bit-for-bit is the point: these are the documented HSB points).
        #expect(red == RGBA8(Self.high, Self.low, Self.low))
        #expect(green == RGBA8(Self.low, Self.high, Self.low))
        #expect(blue == RGBA8(Self.low, Self.low, Self.high))
        #expect(red.r > red.g && red.r > red.b)
        #expect(green.g > green.r && green.g > green.b)
        #expect(blue.b > blue.r && blue.b > blue.g)
        // The secondaries in between.
        #expect(HeadingColor.color(heading: 60) == RGBA8(Self.high, Self.high, Self.low))
        #expect(HeadingColor.color(heading: 180) == RGBA8(Self.low, Self.high, Self.high))
        #expect(HeadingColor.color(heading: 300) == RGBA8(Self.high, Self.low, Self.high))
        // Opaque, always.
        #expect([red, green, blue].allSatisfy { $0.a == 255 })
    }

    @Test("hue = heading / 360 all round the circle")
    func hueFollowsHeading() {
        for i in 0..<720 {
            let heading = Double(i) * 0.5 + 0.25
            let c = HeadingColor.color(heading: heading)
            // 8-bit channels over a span of 200 levels: the hue is recoverable to ±0.5°.
            #expect(Self.circularDistance(Self.hue(of: c), heading) <= 0.5, "heading \(heading): \(c)")
            // Saturation and brightness fixed: the brightest channel is v, the darkest v(1 − s).
            #expect(max(c.r, c.g, c.b) == Self.high && min(c.r, c.g, c.b) == Self.low, "heading \(heading): \(c)")
        }
        #expect(HeadingColor.saturation == 0.85 && HeadingColor.brightness == 0.92)
    }

    @Test("360 ≡ 0 and negative or large headings wrap")
    func wrapping() {
        // Whole turns give the very same colour (bit-for-bit identity is the point).
        #expect(HeadingColor.color(heading: 360) == HeadingColor.color(heading: 0))
        #expect(HeadingColor.color(heading: 720) == HeadingColor.color(heading: 0))
        #expect(HeadingColor.color(heading: -360) == HeadingColor.color(heading: 0))
        #expect(HeadingColor.color(heading: -90) == HeadingColor.color(heading: 270))
        #expect(HeadingColor.color(heading: -240) == HeadingColor.color(heading: 120))
        #expect(HeadingColor.color(heading: -1) == HeadingColor.color(heading: 359))
        #expect(HeadingColor.color(heading: 480) == HeadingColor.color(heading: 120))
        #expect(HeadingColor.color(heading: -1e-18) == HeadingColor.color(heading: 0))
        for h in stride(from: -1080.0, through: 1080, by: 7.5) {
            let n = HeadingColor.normalized(h)
            #expect(n >= 0 && n < 360, "normalized(\(h)) = \(n)")
            // Same angle: differs from h by whole turns (tolerance 1e-9°).
            let turns = (h - n) / 360
            #expect(isApproximatelyEqual(turns, turns.rounded(), tolerance: 1e-9))
        }
        #expect(HeadingColor.normalized(-1e-18) == 0)
    }

    @Test("interpolate from 350° to 10° stays in the reds, never green or blue dominant")
    func interpolateThroughNorth() {
        for (a, b) in [(350.0, 10.0), (10.0, 350.0), (-10.0, 370.0), (355.0, 5.0)] {
            for i in 0...200 {
                let f = Double(i) / 200
                let h = HeadingColor.interpolate(from: a, to: b, fraction: f)
                #expect(h >= 0 && h < 360)
                #expect(Self.circularDistance(h, 0) <= 10 + 1e-9, "\(a)→\(b) at \(f): \(h)")
                let c = HeadingColor.color(heading: h)
                #expect(c.r >= c.g && c.r >= c.b, "\(a)→\(b) at \(f): \(h)° gives \(c)")
            }
        }
        // Endpoints and midpoint (tolerance 1e-9°).
        #expect(isApproximatelyEqual(HeadingColor.interpolate(from: 350, to: 10, fraction: 0), 350, tolerance: 1e-9))
        #expect(isApproximatelyEqual(HeadingColor.interpolate(from: 350, to: 10, fraction: 1), 10, tolerance: 1e-9))
        #expect(Self.circularDistance(HeadingColor.interpolate(from: 350, to: 10, fraction: 0.5), 0) <= 1e-9)
        // Elsewhere it takes the shorter arc too: 100° → 140° passes 120°, not 300°.
        #expect(isApproximatelyEqual(HeadingColor.interpolate(from: 100, to: 140, fraction: 0.5), 120, tolerance: 1e-9))
        #expect(isApproximatelyEqual(HeadingColor.interpolate(from: 200, to: 20, fraction: 0.25), 155, tolerance: 1e-9))
    }

    @Test func channelsRoundAsMathsRound() {
        // The one-select rounding against the rule it replaces, on random values and on each
        // channel value's halves and their neighbours (the only places rounding can differ).
        func rule(_ x: Double) -> UInt8 { UInt8(max(0, min(255, Maths.round(x * 255)))) }
        var rng = SplitMix64(seed: 47)
        var xs: [Double] = [0, -0.0, 1, -1, 2, .nan, .infinity, -.infinity, 254.5 / 255, 255.0 / 255]
        for k in 0...256 {
            for y in [Double(k), Double(k) + 0.5, Double(k) - 0.5] {
                let x = y / 255
                xs += [x, x.nextUp, x.nextDown, x.nextUp.nextUp, x.nextDown.nextDown]
            }
        }
        for _ in 0..<200_000 { xs.append(Double(rng.next() >> 11) / 0x1p53 * 1.2 - 0.1) }
        let differing = xs.filter { HeadingColor.channel($0) != rule($0) }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }
}
