import Foundation
import Testing
@testable import MarbleKit

/// The trail's painted width, and the round cap, measured from the pixels.
///
/// Coverage is recovered per pixel as (pixel − background)/(ink − background), averaged over
/// the three channels, with black ink on the paper background (differences of 245–252 levels,
/// so 8-bit rounding costs at most ~0.002 of coverage per pixel).
@Suite("Raster width")
struct RasterWidthTests {
    static let ink = RGBA8(0, 0, 0)

    /// A direction with integer components: the line's offset across a column (or row) repeats
    /// every `period` columns (rows), so averaging that many removes the sampling ripple that a
    /// point-sampled diagonal has by nature and leaves only what the rasterizer adds.
    struct Direction: CustomStringConvertible, Sendable {
        var a: Int
        var b: Int
        var description: String { "(\(a),\(b))" }
        var unit: Vec2 { let l = Double(a * a + b * b).squareRoot(); return Vec2(Double(a) / l, Double(b) / l) }
        var majorIsX: Bool { abs(a) >= abs(b) }
        var period: Int { majorIsX ? abs(a) : abs(b) }
        /// cos of the angle to the major axis: a column sum times this is the width across.
        var factor: Double { Double(period) / Double(a * a + b * b).squareRoot() }
    }

    static let directions: [Direction] = [
        .init(a: 1, b: 0), .init(a: 0, b: 1), .init(a: -1, b: 0), .init(a: 5, b: 1), .init(a: 3, b: 1),
        .init(a: 2, b: 1), .init(a: 3, b: -2), .init(a: 1, b: 1), .init(a: -1, b: 1), .init(a: 1, b: 2),
        .init(a: -1, b: -3),
    ]
    static let offsets: [Vec2] = [Vec2(0, 0), Vec2(0.37, 0.71), Vec2(0.5, 0.25)]

    /// Paints a straight stroke from `p0` to `p1` in pieces of `step` px (0: one piece).
    static func paint(_ canvas: Canvas, from p0: Vec2, to p1: Vec2, step: Double, width: Double, color: RGBA8 = ink) {
        canvas.paintStraight(from: p0, to: p1, step: step, width: width, color: color)
    }

    /// Coverage of every pixel, row-major.
    static func coverage(_ canvas: Canvas, ink: RGBA8 = ink) -> [Double] {
        let bytes = canvas.pixelBytes
        let bg = canvas.background
        let den = [Double(ink.r) - Double(bg.r), Double(ink.g) - Double(bg.g), Double(ink.b) - Double(bg.b)]
        let base = [Double(bg.r), Double(bg.g), Double(bg.b)]
        return (0..<(canvas.width * canvas.height)).map { i in
            (0..<3).map { (Double(bytes[4 * i + $0]) - base[$0]) / den[$0] }.reduce(0, +) / 3
        }
    }

    /// The width across the line at every interior position along it: period-averaged column
    /// (or row) sums of coverage times cos of the angle.
    static func widths(_ canvas: Canvas, from p0: Vec2, to p1: Vec2, direction d: Direction, penWidth w: Double) -> [Double] {
        let cov = coverage(canvas)
        let W = canvas.width, H = canvas.height
        let u = d.unit
        let length = (p1 - p0).length
        let margin = w / 2 + 0.5 + 2        // clear of the round caps
        let lines = d.majorIsX ? W : H
        var sums = [Double](repeating: 0, count: lines)
        var interior = [Bool](repeating: false, count: lines)
        for k in 0..<lines {
            let c = Double(k) + 0.5
            // Where along the trail the line's centre crosses this column (row).
            let along = d.majorIsX ? (c - p0.x) / u.x : (c - p0.y) / u.y
            interior[k] = along >= margin && along <= length - margin
            var s = 0.0
            if d.majorIsX { for j in 0..<H { s += cov[j * W + k] } } else { for i in 0..<W { s += cov[k * W + i] } }
            sums[k] = s
        }
        var out: [Double] = []
        for k in 0..<lines where k + d.period <= lines && interior[k..<(k + d.period)].allSatisfy({ $0 }) {
            out.append(d.factor * sums[k..<(k + d.period)].reduce(0, +) / Double(d.period))
        }
        return out
    }

    @Test("Painted width = pen width ± 0.35 px, varying < 0.1 px along the trail, at any step size",
          arguments: [1.5, 4, 8, 16], [0.02, 0.3, 1, 7, 0])
    func widthAcrossTheTrail(width w: Double, step: Double) {
        for d in Self.directions {
            for offset in Self.offsets {
                let canvas = Canvas(width: 96, height: 96)
                let centre = Vec2(48, 48) + offset
                let half = d.unit * 32
                let p0 = centre - half, p1 = centre + half
                Self.paint(canvas, from: p0, to: p1, step: step, width: w)
                let ws = Self.widths(canvas, from: p0, to: p1, direction: d, penWidth: w)
                let label = "w=\(w) step=\(step == 0 ? "one piece" : "\(step)") dir=\(d) offset=\(offset.x),\(offset.y)"
                #expect(ws.count >= 12, "\(label): only \(ws.count) positions measured")
                guard let lo = ws.min(), let hi = ws.max() else { continue }
                // The spec's tolerances: ±0.35 px of the pen width, < 0.1 px of variation.
                #expect(isApproximatelyEqual(lo, w, tolerance: 0.35) && isApproximatelyEqual(hi, w, tolerance: 0.35),
                        "\(label): width \(lo)…\(hi)")
                #expect(hi - lo < 0.1, "\(label): width varies by \(hi - lo) (\(lo)…\(hi))")
            }
        }
    }

    @Test("A dot (beginStroke alone) covers π(w/2)²", arguments: [1.5, 4, 8, 16])
    func roundDot(width w: Double) {
        var pen = Canvas.Pen()
        var rng = SplitMix64(seed: UInt64(w * 100))
        for _ in 0..<12 {
            let canvas = Canvas(width: 40, height: 40)
            let c = Vec2(20 + Double.random(in: 0..<1, using: &rng), 20 + Double.random(in: 0..<1, using: &rng))
            canvas.beginStroke(at: c, color: Self.ink, width: w, pen: &pen)
            canvas.endStroke(pen: &pen)
            let area = Self.coverage(canvas).reduce(0, +)
            let disc = Double.pi * w * w / 4
            // Tolerance 1 px²: the 1 px ramp adds π/12 ≈ 0.26 px² to the disc, and point sampling
            // at pixel centres moves the sum by up to ~0.5 px² more (8-bit rounding: < 0.5 px²
            // over the ≤ 330 pixels touched). A square cap (w²) would be off by 55 px² at w = 16.
            #expect(isApproximatelyEqual(area, disc, tolerance: 1.0), "w=\(w) at \(c): \(area) vs \(disc)")
            // Round: the painted box is as wide as it is high, and about w + 1 across.
            let box = canvas.inkStatistics().box
            #expect(box != nil)
            if let box {
                #expect(abs(box.width - box.height) <= 1)
                #expect(Double(box.width) <= w + 2 && Double(box.width) >= w - 1, "box \(box)")
            }
        }
    }

    @Test("A stroke of one colour paints exactly that colour where fully covered")
    func solidCore() {
        let colour = RGBA8(200, 30, 90)
        let canvas = Canvas(width: 64, height: 32)
        Self.paint(canvas, from: Vec2(8.3, 16.2), to: Vec2(55.1, 16.2), step: 0.3, width: 8, color: colour)
        // Rows 13…18 have centres within w/2 − 0.5 = 3.5 px of y = 16.2: full coverage (exact).
        for x in 16..<48 {
            for y in 13...18 { #expect(canvas.pixel(x: x, y: y) == colour, "(\(x),\(y))") }
            #expect(canvas.pixel(x: x, y: 8) == canvas.background)
            #expect(canvas.pixel(x: x, y: 24) == canvas.background)
        }
    }
}
