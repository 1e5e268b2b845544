import Testing
@testable import MarbleKit

/// A colouring page's lines stay on top of the paint: its pixels darker than half are never
/// painted, by paint, see-through paint or the eraser; everything else is coloured in.
@Suite("Board: a colouring page's lines on top")
struct ColouringPageTests {
    static let w = 200, h = 120
    /// White paper with a black ring (radius 40 round (100, 60), 4 px wide) and a grey
    /// (lighter than half) band across its bottom.
    static func page(_ kind: Board.Kind) -> Board {
        var p: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                let dx = Double(x) + 0.5 - 100, dy = Double(y) + 0.5 - 60
                let d = (dx * dx + dy * dy).squareRoot()
                p += abs(d - 40) < 2 ? [0, 0, 0, 255] : y > 110 ? [200, 200, 200, 255] : [255, 255, 255, 255]
            }
        }
        return Board(width: w, height: h, kind: kind, pixels: p)!
    }

    static func stroke(_ c: Canvas, _ points: [Vec2], color: RGBA8, width: Double, ink: Ink = .opaque) {
        var pen = Canvas.Pen()
        c.beginStroke(at: points[0], color: color, width: width, ink: ink, pen: &pen)
        for p in points.dropFirst() { c.continueStroke(to: p, color: color, pen: &pen) }
        c.endStroke(pen: &pen)
    }

    @Test("A fat stroke across the ring colours the paper and leaves every line pixel black")
    func linesOnTop() {
        let page = Self.page(.page)
        let c = Canvas(width: Self.w, height: Self.h, board: page)
        Self.stroke(c, [Vec2(10, 60), Vec2(190, 60), Vec2(190, 118), Vec2(10, 118)], color: RGBA8(250, 40, 40), width: 30)
        var lines = 0, coloured = 0
        for y in 0..<Self.h {
            for x in 0..<Self.w {
                if page.pixel(x: x, y: y) == RGBA8(0, 0, 0) {
                    lines += 1
                    #expect(c.pixel(x: x, y: y) == RGBA8(0, 0, 0), "line pixel (\(x), \(y)) painted")
                } else if c.pixel(x: x, y: y) == RGBA8(250, 40, 40) {
                    coloured += 1
                }
            }
        }
        #expect(lines > 400 && coloured > 4000, "\(lines) line pixels, \(coloured) coloured")
        // The grey band (lighter than half) is paper: coloured in.
        #expect(c.pixel(x: 100, y: 116) == RGBA8(250, 40, 40))
        // See-through paint and the eraser leave the lines too.
        Self.stroke(c, [Vec2(100, 5), Vec2(100, 115)], color: RGBA8(0, 0, 250), width: 20, ink: Ink(opacity: 0.3))
        Self.stroke(c, [Vec2(60, 5), Vec2(60, 115)], color: .paper, width: 20, ink: Ink(wipes: true))
        for y in 0..<Self.h {
            for x in 50..<110 where page.pixel(x: x, y: y) == RGBA8(0, 0, 0) {
                #expect(c.pixel(x: x, y: y) == RGBA8(0, 0, 0), "line pixel (\(x), \(y))")
            }
        }
        #expect(c.pixel(x: 60, y: 110) == RGBA8(255, 255, 255, 255), "the eraser wipes the paper back")
    }

    @Test("The same picture as a photo is painted over everywhere, lines and all")
    func photoIsPaintedOver() {
        let c = Canvas(width: Self.w, height: Self.h, board: Self.page(.photo))
        Self.stroke(c, [Vec2(10, 60), Vec2(190, 60)], color: RGBA8(250, 40, 40), width: 30)
        #expect(c.pixel(x: 60, y: 60) == RGBA8(250, 40, 40), "the ring's left side at (60, 60) painted over")
    }

    @Test("A page restored from its state keeps its lines on top")
    func restored() throws {
        let c = Canvas(width: Self.w, height: Self.h, board: Self.page(.page))
        let again = try Canvas(restoring: c.state())
        Self.stroke(again, [Vec2(10, 60), Vec2(190, 60)], color: RGBA8(250, 40, 40), width: 30)
        #expect(again.pixel(x: 61, y: 60) == RGBA8(0, 0, 0))
    }
}
