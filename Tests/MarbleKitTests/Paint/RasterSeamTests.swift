import Foundation
import Testing
@testable import MarbleKit

/// Seams, crossings and the dirty rectangle.
@Suite("Raster seams")
struct RasterSeamTests {
    static let ink = RGBA8(20, 24, 60)

    /// Paints a straight stroke from `p0` to `p1` in pieces of `step` px (0: one piece).
    static func paint(_ canvas: Canvas, from p0: Vec2, to p1: Vec2, step: Double, width: Double, color: RGBA8 = ink) {
        canvas.paintStraight(from: p0, to: p1, step: step, width: width, color: color)
    }

    /// The largest per-channel difference between two pictures, and how many bytes differ.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (max: Int, count: Int) {
        precondition(a.count == b.count)
        var worst = 0, n = 0
        for i in a.indices where a[i] != b[i] {
            worst = max(worst, abs(Int(a[i]) - Int(b[i])))
            n += 1
        }
        return (worst, n)
    }

    static let lines: [(Vec2, Vec2)] = [
        (Vec2(10.25, 40.6), Vec2(70.8, 40.6)),      // horizontal
        (Vec2(41.3, 8.1), Vec2(41.3, 71.7)),        // vertical
        (Vec2(12.4, 15.9), Vec2(66.2, 69.7)),       // 45°
        (Vec2(9.7, 60.2), Vec2(71.3, 31.4)),        // shallow, rising
        (Vec2(55.5, 9.3), Vec2(30.1, 70.9)),        // steep, leftwards
    ]

    @Test("Thousands of 0.02 px steps look exactly like the line in one go (≤ 1/255 per channel)",
          arguments: [1.5, 4, 8, 16])
    func tinyStepsMatchOneGo(width w: Double) {
        for (p0, p1) in Self.lines {
            let once = Canvas(width: 80, height: 80)
            Self.paint(once, from: p0, to: p1, step: 0, width: w)
            let steps = Canvas(width: 80, height: 80)
            Self.paint(steps, from: p0, to: p1, step: 0.02, width: w)
            let d = Self.difference(once.pixelBytes, steps.pixelBytes)
            // Allowed: 1 level in 255 per channel (the distance to a tiny piece and to the whole
            // line can round to neighbouring 8-bit coverages). Beads at joints would be far more.
            #expect(d.max <= 1, "w=\(w) \(p0)→\(p1): channels differ by up to \(d.max) (\(d.count) bytes)")
            #expect(once.inkStatistics().pixels > 50)
        }
    }

    @Test("Any step size looks like the line in one go (≤ 1/255 per channel)", arguments: [0.3, 1, 7])
    func otherStepsMatchOneGo(step: Double) {
        for w in [1.5, 4, 8, 16] {
            for (p0, p1) in Self.lines {
                let once = Canvas(width: 80, height: 80)
                Self.paint(once, from: p0, to: p1, step: 0, width: w)
                let pieces = Canvas(width: 80, height: 80)
                Self.paint(pieces, from: p0, to: p1, step: step, width: w)
                let d = Self.difference(once.pixelBytes, pieces.pixelBytes)
                // Same allowance as above: 1 in 255 per channel.
                #expect(d.max <= 1, "w=\(w) step=\(step) \(p0)→\(p1): up to \(d.max) (\(d.count) bytes)")
            }
        }
    }

    @Test("A stroke crossing itself later paints the newer colour on top")
    func crossingWithinOneStroke() {
        var pen = Canvas.Pen()
        let red = RGBA8(220, 20, 20), blue = RGBA8(20, 20, 220)
        let canvas = Canvas(width: 100, height: 100)
        canvas.beginStroke(at: Vec2(20, 50), color: red, width: 8, pen: &pen)
        for x in 21...80 { canvas.continueStroke(to: Vec2(Double(x), 50), color: red, pen: &pen) }
        // Up, left, then down across the red run at (50, 50), in blue.
        for y in stride(from: 49, through: 20, by: -1) { canvas.continueStroke(to: Vec2(80, Double(y)), color: blue, pen: &pen) }
        for x in stride(from: 79, through: 50, by: -1) { canvas.continueStroke(to: Vec2(Double(x), 20), color: blue, pen: &pen) }
        for y in 21...80 { canvas.continueStroke(to: Vec2(50, Double(y)), color: blue, pen: &pen) }
        canvas.endStroke(pen: &pen)
        // Fully covered by both: the newer (blue) is on top, exactly.
        for (x, y) in [(49, 49), (50, 50), (49, 50), (50, 49), (48, 52)] {
            #expect(canvas.pixel(x: x, y: y) == blue, "(\(x),\(y)): \(canvas.pixel(x: x, y: y))")
        }
        // The red run away from the crossing is still red.
        #expect(canvas.pixel(x: 35, y: 50) == red)
        #expect(canvas.pixel(x: 65, y: 49) == red)

        // Two strokes: the second one is on top as well.
        let two = Canvas(width: 100, height: 100)
        RasterSeamTests.paint(two, from: Vec2(10, 50), to: Vec2(90, 50), step: 1, width: 8, color: red)
        RasterSeamTests.paint(two, from: Vec2(50, 10), to: Vec2(50, 90), step: 1, width: 8, color: blue)
        #expect(two.pixel(x: 50, y: 50) == blue)
        #expect(two.pixel(x: 30, y: 50) == red)
    }

    @Test("The area changed since a revision holds every changed pixel, is small, reads the same for a second reader, and is nil once seen")
    func dirtyRectangle() {
        var pen = Canvas.Pen()
        let canvas = Canvas(width: 400, height: 300)
        #expect(canvas.changes(since: canvas.revision) == nil)
        var seen = canvas.revision
        // A second reader that looks only every fourth trial: it gets all that changed since.
        var slowSeen = canvas.revision
        var slowBefore = canvas.pixelBytes
        var rng = SplitMix64(seed: 42)
        for trial in 0..<40 {
            let before = canvas.pixelBytes
            let w = [1.5, 4, 8, 16][trial % 4]
            // Short strokes, some running off the edge of the canvas.
            var p = Vec2(Double.random(in: -10...410, using: &rng), Double.random(in: -10...310, using: &rng))
            canvas.beginStroke(at: p, color: HeadingColor.color(heading: Double(trial) * 37), width: w, pen: &pen)
            for _ in 0..<Int.random(in: 0...30, using: &rng) {
                p = p + Vec2(Double.random(in: -3...3, using: &rng), Double.random(in: -3...3, using: &rng))
                canvas.continueStroke(to: p, color: HeadingColor.color(heading: Double(trial) * 53), pen: &pen)
            }
            canvas.endStroke(pen: &pen)
            let after = canvas.pixelBytes
            let rect = canvas.changes(since: seen)
            #expect(canvas.changes(since: seen) == rect, "reading changes nothing")
            seen = canvas.revision
            var changed = 0
            for byte in before.indices where before[byte] != after[byte] {
                changed += 1
                let i = byte / 4
                let x = i % canvas.width, y = i / canvas.width
                let inside = rect.map { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height } ?? false
                #expect(inside, "trial \(trial): pixel (\(x),\(y)) changed outside \(String(describing: rect))")
                if !inside { break }
            }
            if changed > 0, let rect {
                // Small: well under the whole canvas, inside it, and near the stroke.
                #expect(rect.width * rect.height <= canvas.width * canvas.height / 8, "trial \(trial): \(rect)")
                #expect(rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= 400 && rect.y + rect.height <= 300)
            }
            #expect(canvas.changes(since: seen) == nil)
            if trial % 4 == 3 {
                let slow = canvas.changes(since: slowSeen)
                for byte in slowBefore.indices where slowBefore[byte] != after[byte] {
                    let i = byte / 4, x = i % canvas.width, y = i / canvas.width
                    let inside = slow.map { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height } ?? false
                    #expect(inside, "trial \(trial): the slow reader misses (\(x),\(y))")
                    if !inside { break }
                }
                slowSeen = canvas.revision
                slowBefore = after
            }
        }
        // A stroke entirely off the canvas changes nothing and leaves no rectangle.
        canvas.beginStroke(at: Vec2(-50, -50), color: Self.ink, width: 8, pen: &pen)
        canvas.continueStroke(to: Vec2(-60, -20), color: Self.ink, pen: &pen)
        canvas.endStroke(pen: &pen)
        #expect(canvas.changes(since: seen) == nil)
    }
}
